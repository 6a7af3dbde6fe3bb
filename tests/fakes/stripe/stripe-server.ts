import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { decodeForm, list, obj, str, type FormValue } from './form-body.ts';
import { paymentElementHtml, stripeJs } from './stripe-js.ts';

/**
 * A local Stripe: the part of Stripe's HTTP API that billing uses, spoken the way the real one
 * speaks it (form-encoded bodies with bracketed keys, Bearer keys, idempotency keys, `expand`,
 * JSON objects with the fields of API version 2026 and Stripe's error shape), plus Stripe.js for
 * the browser (`/v3/stripe.js`, see stripe-js.ts) and signed webhooks built with the SDK's own
 * `webhooks.generateTestHeaderString`.
 *
 * Tests drive what happens outside our app: a customer paying or failing the first invoice, a
 * renewal paid or declined, Stripe giving up on a subscription; each sends the webhooks Stripe would.
 */

type Json = Record<string, unknown>;
type SubscriptionRecord = {
  id: string;
  customer: string;
  status: string;
  itemId: string;
  priceId: string;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  periodStart: number;
  periodEnd: number;
  latestInvoice: string;
  metadata: Record<string, string>;
  automaticTax: boolean;
  defaultPaymentMethod: string | null;
  created: number;
};
type InvoiceRecord = {
  id: string;
  customer: string;
  subscription: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  billingReason: string;
  subtotal: number;
  tax: number;
  paymentIntent: string | null;
  created: number;
};
type PaymentIntentRecord = { id: string; secret: string; amount: number; status: string; invoice: string; lastError: Json | null; paymentMethod: string | null };

export interface FakePrice {
  id: string;
  lookupKey: string;
  unitAmount: number;
  interval: 'month' | 'year';
}

/** Card numbers that fail as Stripe's test cards do. */
export const declinedCards: Record<string, { code: string; decline_code?: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
};

export interface SentEvent {
  id: string;
  type: string;
  payload: string;
}

export interface FakeStripeOptions {
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  prices?: FakePrice[];
  /** Tax rate Stripe Tax applies when a subscription has automatic_tax enabled. */
  taxRate?: number;
  /** Where webhooks go: a URL (POSTed like Stripe does) or a function (tests with app.inject). */
  webhookTarget?: string | ((payload: string, signature: string) => Promise<number>);
  /** false: events are kept in `held` until the test delivers them (to reorder or duplicate them). */
  autoDeliver?: boolean;
  port?: number;
}

export interface FakeStripe {
  url: string;
  /** Stripe.js for STRIPE_JS_URL. */
  jsUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  prices: FakePrice[];
  /** Every event built, in order. */
  events: SentEvent[];
  /** Events waiting for delivery when autoDeliver is false. */
  held: SentEvent[];
  /** Every API request: method, path and decoded body, with the idempotency key. */
  requests: Array<{ method: string; path: string; body: Record<string, FormValue>; idempotencyKey?: string; auth: string }>;
  autoDeliver: boolean;
  webhookTarget: FakeStripeOptions['webhookTarget'];
  /** Sends one event (again); resolves with the app's status code. */
  deliver(event: SentEvent): Promise<number>;
  /** Resolves once every webhook sent so far has been answered. */
  idle(): Promise<void>;
  subscription(id: string): Json | undefined;
  subscriptionIds(): string[];
  /** The customer pays the first (or latest open) invoice with a card. */
  pay(subscriptionId: string, card?: string): Promise<{ ok: boolean; message?: string }>;
  /** The period ends: renewed (paid or declined), or ended when cancel_at_period_end was set. */
  renew(subscriptionId: string, outcome?: 'paid' | 'declined'): Promise<void>;
  /** Stripe stops retrying a declined renewal and cancels the subscription. */
  giveUp(subscriptionId: string): Promise<void>;
  /** The first payment never came: the incomplete subscription expires (after 23 hours at Stripe). */
  expireIncomplete(subscriptionId: string): Promise<void>;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

export const defaultPrices: FakePrice[] = [
  { id: 'price_monthly_fake', lookupKey: 'premium_monthly', unitAmount: 999, interval: 'month' },
  { id: 'price_yearly_fake', lookupKey: 'premium_yearly', unitAmount: 9999, interval: 'year' },
];

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, param?: string) => new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
const missing = (kind: string, id: string) => new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` });

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const publishableKey = options.publishableKey ?? 'pk_test_fake';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake_secret';
  const prices = options.prices ?? defaultPrices;
  const taxRate = options.taxRate ?? 0.06;
  const signer = new Stripe(secretKey);

  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, SubscriptionRecord>();
  const invoices = new Map<string, InvoiceRecord>();
  const intents = new Map<string, PaymentIntentRecord>();
  const paymentMethods = new Map<string, { id: string; number: string; brand: string; last4: string; expMonth: number; expYear: number }>();
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  const processing = new Set<string>();

  const priceById = (id: string) => prices.find((p) => p.id === id);
  const priceJson = (p: FakePrice) => ({
    id: p.id,
    object: 'price',
    active: true,
    currency: 'usd',
    lookup_key: p.lookupKey,
    unit_amount: p.unitAmount,
    type: 'recurring',
    recurring: { interval: p.interval, interval_count: 1 },
  });
  const addInterval = (from: number, interval: 'month' | 'year') => {
    const d = new Date(from * 1000);
    if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
    else d.setUTCFullYear(d.getUTCFullYear() + 1);
    return Math.floor(d.getTime() / 1000);
  };

  function invoiceJson(inv: InvoiceRecord, expand: string[]): Json {
    const pi = inv.paymentIntent ? intents.get(inv.paymentIntent) : undefined;
    const total = inv.subtotal + inv.tax;
    const json: Json = {
      id: inv.id,
      object: 'invoice',
      customer: inv.customer,
      status: inv.status,
      billing_reason: inv.billingReason,
      currency: 'usd',
      subtotal: inv.subtotal,
      subtotal_excluding_tax: inv.subtotal,
      total,
      total_excluding_tax: inv.subtotal,
      total_taxes: inv.tax ? [{ amount: inv.tax, tax_behavior: 'exclusive', taxability_reason: 'standard_rated', type: 'tax_rate_details' }] : [],
      amount_due: total,
      amount_paid: inv.status === 'paid' ? total : 0,
      amount_remaining: inv.status === 'paid' ? 0 : total,
      created: inv.created,
      hosted_invoice_url: `https://invoice.stripe.test/i/${inv.id}`,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: inv.subscription, metadata: subscriptions.get(inv.subscription)?.metadata ?? {} } },
    };
    if (expand.includes('confirmation_secret')) json.confirmation_secret = pi && inv.status === 'open' ? { client_secret: pi.secret, type: 'payment_intent' } : null;
    if (expand.includes('payments'))
      json.payments = {
        object: 'list',
        has_more: false,
        url: `/v1/invoices/${inv.id}/payments`,
        data: pi ? [{ id: `inpay_${pi.id.slice(3)}`, object: 'invoice_payment', invoice: inv.id, status: pi.status === 'succeeded' ? 'paid' : 'open', payment: { type: 'payment_intent', payment_intent: pi.id } }] : [],
      };
    return json;
  }

  function subscriptionJson(sub: SubscriptionRecord, expand: string[] = []): Json {
    const price = priceById(sub.priceId)!;
    const invoiceExpand = expand.filter((e) => e.startsWith('latest_invoice.')).map((e) => e.slice('latest_invoice.'.length));
    const latest = invoices.get(sub.latestInvoice)!;
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: sub.status,
      currency: 'usd',
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      cancel_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
      canceled_at: sub.canceledAt,
      created: sub.created,
      start_date: sub.created,
      billing_cycle_anchor: sub.periodStart,
      default_payment_method: sub.defaultPaymentMethod,
      automatic_tax: { enabled: sub.automaticTax, liability: null },
      metadata: sub.metadata,
      trial_start: null,
      trial_end: null,
      latest_invoice: expand.includes('latest_invoice') || invoiceExpand.length ? invoiceJson(latest, invoiceExpand) : latest.id,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${sub.id}`,
        data: [{ id: sub.itemId, object: 'subscription_item', price: priceJson(price), quantity: 1, current_period_start: sub.periodStart, current_period_end: sub.periodEnd, subscription: sub.id }],
      },
    };
  }

  // --- Events and webhooks ---
  const events: SentEvent[] = [];
  const held: SentEvent[] = [];
  const deliveries = new Set<Promise<void>>();
  const fake = {} as FakeStripe;

  async function deliver(event: SentEvent): Promise<number> {
    const signature = signer.webhooks.generateTestHeaderString({ payload: event.payload, secret: webhookSecret });
    const target = fake.webhookTarget;
    if (!target) return 0;
    if (typeof target === 'function') return target(event.payload, signature);
    const response = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body: event.payload });
    return response.status;
  }

  async function emit(type: string, object: Json): Promise<void> {
    const id = newId('evt');
    const payload = JSON.stringify({ id, object: 'event', api_version: Stripe.API_VERSION, created: now(), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } }, null, 2);
    const event = { id, type, payload };
    events.push(event);
    if (!fake.autoDeliver) {
      held.push(event);
      return;
    }
    // Stripe sends webhooks on its own time, never holding up the API call that caused them.
    const delivery = deliver(event).then(
      () => undefined,
      () => undefined,
    );
    deliveries.add(delivery);
    void delivery.finally(() => deliveries.delete(delivery));
  }

  /** Resolves once every webhook sent so far has been answered. */
  async function idle(): Promise<void> {
    while (deliveries.size > 0) await Promise.all([...deliveries]);
  }

  const emitSubscription = (type: string, sub: SubscriptionRecord) => emit(type, subscriptionJson(sub));
  const emitInvoice = (type: string, inv: InvoiceRecord) => emit(type, invoiceJson(inv, []));

  function newInvoice(sub: SubscriptionRecord, billingReason: string, subtotal: number): InvoiceRecord {
    const tax = sub.automaticTax ? Math.round(subtotal * taxRate) : 0;
    const inv: InvoiceRecord = { id: newId('in'), customer: sub.customer, subscription: sub.id, status: 'open', billingReason, subtotal, tax, paymentIntent: null, created: now() };
    const pi: PaymentIntentRecord = { id: newId('pi'), secret: '', amount: subtotal + tax, status: 'requires_payment_method', invoice: inv.id, lastError: null, paymentMethod: null };
    pi.secret = `${pi.id}_secret_${randomBytes(12).toString('hex')}`;
    intents.set(pi.id, pi);
    inv.paymentIntent = pi.id;
    invoices.set(inv.id, inv);
    sub.latestInvoice = inv.id;
    return inv;
  }

  /** Charges an invoice with a card number: the outcome Stripe's test cards give. */
  async function charge(inv: InvoiceRecord, card: string, paymentMethodId: string | null): Promise<{ ok: boolean; error?: Json }> {
    const sub = subscriptions.get(inv.subscription)!;
    const pi = intents.get(inv.paymentIntent!)!;
    const decline = declinedCards[card];
    if (decline) {
      pi.status = 'requires_payment_method';
      pi.lastError = { type: 'card_error', ...decline };
      await emitInvoice('invoice.payment_failed', inv);
      if (inv.billingReason === 'subscription_cycle' && sub.status === 'active') {
        sub.status = 'past_due';
        await emitSubscription('customer.subscription.updated', sub);
      }
      return { ok: false, error: { type: 'card_error', ...decline, payment_intent: { id: pi.id, status: pi.status } } };
    }
    pi.status = 'succeeded';
    pi.paymentMethod = paymentMethodId;
    inv.status = 'paid';
    if (paymentMethodId) sub.defaultPaymentMethod = paymentMethodId;
    const wasIncomplete = sub.status === 'incomplete';
    if (wasIncomplete) {
      const price = priceById(sub.priceId)!;
      sub.periodStart = now();
      sub.periodEnd = addInterval(sub.periodStart, price.interval);
    }
    if (sub.status === 'incomplete' || sub.status === 'past_due') sub.status = 'active';
    await emitInvoice('invoice.paid', inv);
    await emitSubscription('customer.subscription.updated', sub);
    return { ok: true };
  }

  // --- HTTP ---
  function authorize(request: IncomingMessage, allowPublishable: boolean): string {
    const auth = request.headers.authorization ?? '';
    const key = auth.replace(/^Bearer /, '');
    if (key === secretKey || (allowPublishable && key === publishableKey)) return key;
    throw new StripeApiError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}***` });
  }

  async function route(method: string, path: string, body: Record<string, FormValue>, request: IncomingMessage): Promise<unknown> {
    const expand = list(body.expand).map(String);
    let m: RegExpMatchArray | null;

    if (method === 'POST' && path === '/v1/payment_methods') {
      authorize(request, true);
      const card = obj(body.card);
      const number = String(card.number ?? '').replace(/\s/g, '');
      if (!/^\d{12,19}$/.test(number)) throw new StripeApiError(402, { type: 'card_error', code: 'invalid_number', message: 'Your card number is invalid.' });
      const pm = { id: newId('pm'), number, brand: number.startsWith('4') ? 'visa' : 'mastercard', last4: number.slice(-4), expMonth: Number(card.exp_month), expYear: Number(card.exp_year) };
      paymentMethods.set(pm.id, pm);
      return { id: pm.id, object: 'payment_method', type: 'card', card: { brand: pm.brand, last4: pm.last4, exp_month: pm.expMonth, exp_year: pm.expYear } };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/))) {
      const key = authorize(request, true);
      const pi = intents.get(m[1]!);
      if (!pi) throw missing('payment_intent', m[1]!);
      if (key === publishableKey && str(body.client_secret) !== pi.secret) throw invalid('The client_secret provided does not match the client_secret associated with the PaymentIntent.', 'client_secret');
      if (pi.status === 'succeeded') throw invalid('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.');
      const pm = paymentMethods.get(str(body.payment_method) ?? '');
      if (!pm) throw invalid('You must provide a payment method.', 'payment_method');
      const inv = invoices.get(pi.invoice)!;
      if (inv.status === 'void') throw invalid('This PaymentIntent has been canceled.');
      const result = await charge(inv, pm.number, pm.id);
      if (!result.ok) throw new StripeApiError(402, result.error!);
      return { id: pi.id, object: 'payment_intent', status: pi.status, amount: pi.amount, currency: 'usd', client_secret: pi.secret, payment_method: pm.id };
    }

    authorize(request, false);
    if (method === 'GET' && path === '/v1/prices') {
      const keys = list(body.lookup_keys).map(String);
      const data = prices.filter((p) => keys.length === 0 || keys.includes(p.lookupKey)).map(priceJson);
      return { object: 'list', url: '/v1/prices', has_more: false, data };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', email: str(body.email) ?? null, name: str(body.name) ?? null, address: body.address ?? null, metadata: body.metadata ?? {} };
      customers.set(customer.id, customer);
      return customer;
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = customers.get(m[1]!);
      if (!customer) throw missing('customer', m[1]!);
      if (body.name !== undefined) customer.name = str(body.name);
      if (body.address !== undefined) customer.address = body.address;
      return customer;
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = str(body.customer) ?? '';
      if (!customers.has(customer)) throw missing('customer', customer);
      const priceId = str(obj(list(body.items)[0] as FormValue).price) ?? '';
      const price = priceById(priceId);
      if (!price) throw missing('price', priceId);
      if (str(body.payment_behavior) !== 'default_incomplete') throw invalid('This fake only creates subscriptions with payment_behavior=default_incomplete.', 'payment_behavior');
      const created = now();
      const sub: SubscriptionRecord = {
        id: newId('sub'),
        customer,
        status: 'incomplete',
        itemId: newId('si'),
        priceId,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        periodStart: created,
        periodEnd: addInterval(created, price.interval),
        latestInvoice: '',
        metadata: Object.fromEntries(Object.entries(obj(body.metadata)).map(([k, v]) => [k, String(v)])),
        automaticTax: str(obj(body.automatic_tax).enabled) === 'true',
        defaultPaymentMethod: null,
        created,
      };
      subscriptions.set(sub.id, sub);
      newInvoice(sub, 'subscription_create', price.unitAmount);
      await emitSubscription('customer.subscription.created', sub);
      return subscriptionJson(sub, expand);
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) throw missing('subscription', m[1]!);
      if (method === 'GET') return subscriptionJson(sub, expand);
      if (method === 'DELETE') {
        if (sub.status === 'canceled' || sub.status === 'incomplete_expired') throw invalid(`No such subscription: '${sub.id}'`);
        sub.status = sub.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
        sub.canceledAt = now();
        const inv = invoices.get(sub.latestInvoice)!;
        if (inv.status === 'open') inv.status = 'void';
        await emitSubscription('customer.subscription.deleted', sub);
        return subscriptionJson(sub, expand);
      }
      if (method === 'POST') {
        if (sub.status === 'canceled' || sub.status === 'incomplete_expired') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
        if (body.cancel_at_period_end !== undefined) sub.cancelAtPeriodEnd = str(body.cancel_at_period_end) === 'true';
        const item = obj(list(body.items)[0] as FormValue);
        const newPrice = str(item.price);
        if (newPrice && newPrice !== sub.priceId) {
          if (str(item.id) !== sub.itemId) throw invalid('Invalid subscription item id.', 'items[0][id]');
          const from = priceById(sub.priceId)!;
          const to = priceById(newPrice);
          if (!to) throw missing('price', newPrice);
          if (str(body.proration_behavior) !== 'always_invoice') throw invalid('This fake prorates with always_invoice only.', 'proration_behavior');
          // Unused time of the old price is credited; the new price is charged from now, and the period restarts when the interval changes.
          const unused = Math.round((from.unitAmount * (sub.periodEnd - now())) / (sub.periodEnd - sub.periodStart));
          sub.priceId = newPrice;
          if (from.interval !== to.interval) {
            sub.periodStart = now();
            sub.periodEnd = addInterval(sub.periodStart, to.interval);
          }
          const inv = newInvoice(sub, 'subscription_update', Math.max(0, to.unitAmount - unused));
          const pm = paymentMethods.get(sub.defaultPaymentMethod ?? '');
          await charge(inv, pm?.number ?? '4242424242424242', pm?.id ?? null);
        }
        await emitSubscription('customer.subscription.updated', sub);
        return subscriptionJson(sub, expand);
      }
    }
    throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown, type = 'application/json') => {
      response.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, content-type' });
      response.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (request.method === 'OPTIONS') return send(204, '');
    if (request.method === 'GET' && url.pathname === '/v3/stripe.js') return send(200, stripeJs, 'text/javascript; charset=utf-8');
    if (request.method === 'GET' && url.pathname === '/v3/payment-element.html') return send(200, paymentElementHtml, 'text/html; charset=utf-8');

    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = decodeForm(request.method === 'GET' || request.method === 'DELETE' ? url.search.slice(1) : raw);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    fake.requests.push({ method: request.method!, path: url.pathname, body, idempotencyKey, auth: request.headers.authorization ?? '' });
    try {
      if (idempotencyKey && request.method === 'POST') {
        // As Stripe: a second request with a key still being processed is refused with 409 (the SDK retries it).
        if (processing.has(idempotencyKey))
          throw new StripeApiError(409, { type: 'idempotency_error', code: 'idempotency_key_in_use', message: 'There is currently another in-progress request using this Idempotency Key.' });
        const seen = idempotent.get(idempotencyKey);
        if (seen) {
          if (seen.params !== raw) throw new StripeApiError(400, { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with.` });
          return send(seen.status, seen.body);
        }
      }
      if (idempotencyKey && request.method === 'POST') processing.add(idempotencyKey);
      let result: unknown;
      try {
        result = await route(request.method!, url.pathname, body, request);
      } finally {
        if (idempotencyKey) processing.delete(idempotencyKey);
      }
      if (idempotencyKey && request.method === 'POST') idempotent.set(idempotencyKey, { params: raw, status: 200, body: result });
      send(200, result);
    } catch (error) {
      if (error instanceof StripeApiError) {
        if (idempotencyKey && request.method === 'POST' && error.status !== 400 && error.status !== 401) idempotent.set(idempotencyKey, { params: raw, status: error.status, body: { error: error.body } });
        return send(error.status, { error: error.body });
      }
      send(500, { error: { type: 'api_error', message: String(error) } });
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  const subscriptionOf = (id: string) => {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`fake Stripe: no subscription ${id}`);
    return sub;
  };

  Object.assign(fake, {
    url,
    jsUrl: `${url}/v3/stripe.js`,
    secretKey,
    publishableKey,
    webhookSecret,
    prices,
    events,
    held,
    requests: [],
    autoDeliver: options.autoDeliver ?? true,
    webhookTarget: options.webhookTarget,
    deliver,
    idle,
    subscription: (id: string) => (subscriptions.has(id) ? subscriptionJson(subscriptions.get(id)!, ['latest_invoice']) : undefined),
    subscriptionIds: () => [...subscriptions.keys()],
    async pay(id: string, card = '4242424242424242') {
      const sub = subscriptionOf(id);
      const inv = invoices.get(sub.latestInvoice)!;
      const pm = { id: newId('pm'), number: card, brand: 'visa', last4: card.slice(-4), expMonth: 12, expYear: 2040 };
      paymentMethods.set(pm.id, pm);
      const result = await charge(inv, card, pm.id);
      await idle();
      return { ok: result.ok, message: result.error?.message as string | undefined };
    },
    async renew(id: string, outcome: 'paid' | 'declined' = 'paid') {
      const sub = subscriptionOf(id);
      if (sub.cancelAtPeriodEnd) {
        sub.status = 'canceled';
        sub.canceledAt = now();
        await emitSubscription('customer.subscription.deleted', sub);
        return idle();
      }
      const price = priceById(sub.priceId)!;
      sub.periodStart = sub.periodEnd;
      sub.periodEnd = addInterval(sub.periodStart, price.interval);
      const inv = newInvoice(sub, 'subscription_cycle', price.unitAmount);
      const pm = paymentMethods.get(sub.defaultPaymentMethod ?? '');
      await charge(inv, outcome === 'paid' ? (pm?.number ?? '4242424242424242') : '4000000000000002', pm?.id ?? null);
      await idle();
    },
    async giveUp(id: string) {
      const sub = subscriptionOf(id);
      sub.status = 'canceled';
      sub.canceledAt = now();
      const inv = invoices.get(sub.latestInvoice)!;
      if (inv.status === 'open') inv.status = 'uncollectible';
      await emitSubscription('customer.subscription.deleted', sub);
      await idle();
    },
    async expireIncomplete(id: string) {
      const sub = subscriptionOf(id);
      sub.status = 'incomplete_expired';
      invoices.get(sub.latestInvoice)!.status = 'void';
      await emitSubscription('customer.subscription.updated', sub);
      await idle();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return fake;
}
