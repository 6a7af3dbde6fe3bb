import type { IncomingMessage } from 'node:http';
import { list, obj, str, type FormValue } from './form-body.ts';
import { addInterval, newId, now, priceJson, type Json, type StripeLedger, type SubscriptionRecord } from './stripe-ledger.ts';

/** An error answered as Stripe answers it: the status, and `{ error: body }`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}
const invalid = (message: string, param?: string) => new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
const missing = (kind: string, id: string) => new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` });

export type StripeRoute = (method: string, path: string, body: Record<string, FormValue>, request: IncomingMessage) => Promise<unknown>;

/**
 * The part of Stripe's HTTP API that billing uses, over the ledger's objects: the secret key for every
 * call, the publishable key too for what Stripe.js calls from the browser (a payment method, confirming a
 * payment intent with its client secret). Answers the object, or throws a StripeApiError.
 */
export function stripeApi(ledger: StripeLedger, keys: { secretKey: string; publishableKey: string }): StripeRoute {
  function authorize(request: IncomingMessage, allowPublishable: boolean): string {
    const auth = request.headers.authorization ?? '';
    const key = auth.replace(/^Bearer /, '');
    if (key === keys.secretKey || (allowPublishable && key === keys.publishableKey)) return key;
    throw new StripeApiError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}***` });
  }

  return async function route(method: string, path: string, body: Record<string, FormValue>, request: IncomingMessage): Promise<unknown> {
    const expand = list(body.expand).map(String);
    let m: RegExpMatchArray | null;

    if (method === 'POST' && path === '/v1/payment_methods') {
      authorize(request, true);
      const card = obj(body.card);
      const number = String(card.number ?? '').replace(/\s/g, '');
      if (!/^\d{12,19}$/.test(number)) throw new StripeApiError(402, { type: 'card_error', code: 'invalid_number', message: 'Your card number is invalid.' });
      const pm = { id: newId('pm'), number, brand: number.startsWith('4') ? 'visa' : 'mastercard', last4: number.slice(-4), expMonth: Number(card.exp_month), expYear: Number(card.exp_year) };
      ledger.paymentMethods.set(pm.id, pm);
      return { id: pm.id, object: 'payment_method', type: 'card', card: { brand: pm.brand, last4: pm.last4, exp_month: pm.expMonth, exp_year: pm.expYear } };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/))) {
      const key = authorize(request, true);
      const pi = ledger.intents.get(m[1]!);
      if (!pi) throw missing('payment_intent', m[1]!);
      if (key === keys.publishableKey && str(body.client_secret) !== pi.secret) throw invalid('The client_secret provided does not match the client_secret associated with the PaymentIntent.', 'client_secret');
      if (pi.status === 'succeeded') throw invalid('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.');
      const pm = ledger.paymentMethods.get(str(body.payment_method) ?? '');
      if (!pm) throw invalid('You must provide a payment method.', 'payment_method');
      const inv = ledger.invoices.get(pi.invoice)!;
      if (inv.status === 'void') throw invalid('This PaymentIntent has been canceled.');
      const result = await ledger.charge(inv, pm.number, pm.id);
      if (!result.ok) throw new StripeApiError(402, result.error!);
      return { id: pi.id, object: 'payment_intent', status: pi.status, amount: pi.amount, currency: 'usd', client_secret: pi.secret, payment_method: pm.id };
    }

    authorize(request, false);
    if (method === 'GET' && path === '/v1/prices') {
      const keys = list(body.lookup_keys).map(String);
      const data = ledger.prices.filter((p) => keys.length === 0 || keys.includes(p.lookupKey)).map(priceJson);
      return { object: 'list', url: '/v1/prices', has_more: false, data };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: newId('cus'), object: 'customer', email: str(body.email) ?? null, name: str(body.name) ?? null, address: body.address ?? null, metadata: body.metadata ?? {} };
      ledger.customers.set(customer.id, customer);
      return customer;
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = ledger.customers.get(m[1]!);
      if (!customer) throw missing('customer', m[1]!);
      if (body.name !== undefined) customer.name = str(body.name);
      if (body.address !== undefined) customer.address = body.address;
      return customer;
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = str(body.customer) ?? '';
      if (!ledger.customers.has(customer)) throw missing('customer', customer);
      const priceId = str(obj(list(body.items)[0] as FormValue).price) ?? '';
      const price = ledger.priceById(priceId);
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
      ledger.subscriptions.set(sub.id, sub);
      ledger.newInvoice(sub, 'subscription_create', price.unitAmount);
      await ledger.emitSubscription('customer.subscription.created', sub);
      return ledger.subscriptionJson(sub, expand);
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = ledger.subscriptions.get(m[1]!);
      if (!sub) throw missing('subscription', m[1]!);
      if (method === 'GET') return ledger.subscriptionJson(sub, expand);
      if (method === 'DELETE') {
        if (sub.status === 'canceled' || sub.status === 'incomplete_expired') throw invalid(`No such subscription: '${sub.id}'`);
        sub.status = sub.status === 'incomplete' ? 'incomplete_expired' : 'canceled';
        sub.canceledAt = now();
        const inv = ledger.invoices.get(sub.latestInvoice)!;
        if (inv.status === 'open') inv.status = 'void';
        await ledger.emitSubscription('customer.subscription.deleted', sub);
        return ledger.subscriptionJson(sub, expand);
      }
      if (method === 'POST') {
        if (sub.status === 'canceled' || sub.status === 'incomplete_expired') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
        if (body.cancel_at_period_end !== undefined) sub.cancelAtPeriodEnd = str(body.cancel_at_period_end) === 'true';
        const item = obj(list(body.items)[0] as FormValue);
        const newPrice = str(item.price);
        if (newPrice && newPrice !== sub.priceId) {
          if (str(item.id) !== sub.itemId) throw invalid('Invalid subscription item id.', 'items[0][id]');
          const from = ledger.priceById(sub.priceId)!;
          const to = ledger.priceById(newPrice);
          if (!to) throw missing('price', newPrice);
          if (str(body.proration_behavior) !== 'always_invoice') throw invalid('This fake prorates with always_invoice only.', 'proration_behavior');
          // Unused time of the old price is credited; the new price is charged from now, and the period restarts when the interval changes.
          const unused = Math.round((from.unitAmount * (sub.periodEnd - now())) / (sub.periodEnd - sub.periodStart));
          sub.priceId = newPrice;
          if (from.interval !== to.interval) {
            sub.periodStart = now();
            sub.periodEnd = addInterval(sub.periodStart, to.interval);
          }
          const inv = ledger.newInvoice(sub, 'subscription_update', Math.max(0, to.unitAmount - unused));
          await ledger.chargeSaved(sub, inv);
        }
        await ledger.emitSubscription('customer.subscription.updated', sub);
        return ledger.subscriptionJson(sub, expand);
      }
    }
    throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  };
}
