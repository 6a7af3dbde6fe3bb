import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeForm, type FormValue } from './form-body.ts';
import { stripeApi, StripeApiError } from './stripe-api.ts';
import { paymentElementHtml, stripeJs } from './stripe-js.ts';
import { addInterval, defaultPrices, newId, now, StripeLedger, DECLINED_CARD, SUCCEEDING_CARD, type FakePrice, type Json } from './stripe-ledger.ts';
import { WebhookSender, type SentEvent, type WebhookTarget } from './stripe-webhooks.ts';

/**
 * A local Stripe: the part of Stripe's HTTP API that billing uses, spoken the way the real one
 * speaks it (form-encoded bodies with bracketed keys, Bearer keys, idempotency keys, `expand`,
 * JSON objects with the fields of API version 2026 and Stripe's error shape), plus Stripe.js for
 * the browser (`/v3/stripe.js`, see stripe-js.ts) and signed webhooks built with the SDK's own
 * `webhooks.generateTestHeaderString`.
 *
 * Tests drive what happens outside our app: a customer paying or failing the first invoice, a
 * renewal paid or declined, Stripe giving up on a subscription; each sends the webhooks Stripe would.
 *
 * Here: the HTTP server (keys, idempotency, Stripe.js) and those controls. The objects and what happens
 * to them: stripe-ledger.ts; the API's routes: stripe-api.ts; events and webhooks: stripe-webhooks.ts.
 */

export interface FakeStripeOptions {
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  prices?: FakePrice[];
  /** Tax rate Stripe Tax applies when a subscription has automatic_tax enabled. */
  taxRate?: number;
  /** Where webhooks go: a URL (POSTed like Stripe does) or a function (tests with app.inject). */
  webhookTarget?: WebhookTarget;
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

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const publishableKey = options.publishableKey ?? 'pk_test_fake';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake_secret';
  const fake = {} as FakeStripe;
  const webhooks = new WebhookSender(secretKey, webhookSecret, fake);
  const ledger = new StripeLedger(options.prices ?? defaultPrices, options.taxRate ?? 0.06, webhooks.emit);
  const api = stripeApi(ledger, { secretKey, publishableKey });
  const idle = () => webhooks.idle();
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  const processing = new Set<string>();

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
        result = await api(request.method!, url.pathname, body, request);
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
    const sub = ledger.subscriptions.get(id);
    if (!sub) throw new Error(`fake Stripe: no subscription ${id}`);
    return sub;
  };

  Object.assign(fake, {
    url,
    jsUrl: `${url}/v3/stripe.js`,
    secretKey,
    publishableKey,
    webhookSecret,
    prices: ledger.prices,
    events: webhooks.events,
    held: webhooks.held,
    requests: [],
    autoDeliver: options.autoDeliver ?? true,
    webhookTarget: options.webhookTarget,
    deliver: (event: SentEvent) => webhooks.deliver(event),
    idle,
    subscription: (id: string) => (ledger.subscriptions.has(id) ? ledger.subscriptionJson(ledger.subscriptions.get(id)!, ['latest_invoice']) : undefined),
    subscriptionIds: () => [...ledger.subscriptions.keys()],
    async pay(id: string, card = SUCCEEDING_CARD) {
      const sub = subscriptionOf(id);
      const inv = ledger.invoices.get(sub.latestInvoice)!;
      const pm = { id: newId('pm'), number: card, brand: 'visa', last4: card.slice(-4), expMonth: 12, expYear: 2040 };
      ledger.paymentMethods.set(pm.id, pm);
      const result = await ledger.charge(inv, card, pm.id);
      await idle();
      return { ok: result.ok, message: result.error?.message as string | undefined };
    },
    async renew(id: string, outcome: 'paid' | 'declined' = 'paid') {
      const sub = subscriptionOf(id);
      if (sub.cancelAtPeriodEnd) {
        sub.status = 'canceled';
        sub.canceledAt = now();
        await ledger.emitSubscription('customer.subscription.deleted', sub);
        return idle();
      }
      const price = ledger.priceById(sub.priceId)!;
      sub.periodStart = sub.periodEnd;
      sub.periodEnd = addInterval(sub.periodStart, price.interval);
      const inv = ledger.newInvoice(sub, 'subscription_cycle', price.unitAmount);
      await ledger.chargeSaved(sub, inv, outcome === 'declined' ? DECLINED_CARD : undefined);
      await idle();
    },
    async giveUp(id: string) {
      const sub = subscriptionOf(id);
      sub.status = 'canceled';
      sub.canceledAt = now();
      const inv = ledger.invoices.get(sub.latestInvoice)!;
      if (inv.status === 'open') inv.status = 'uncollectible';
      await ledger.emitSubscription('customer.subscription.deleted', sub);
      await idle();
    },
    async expireIncomplete(id: string) {
      const sub = subscriptionOf(id);
      sub.status = 'incomplete_expired';
      ledger.invoices.get(sub.latestInvoice)!.status = 'void';
      await ledger.emitSubscription('customer.subscription.updated', sub);
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
