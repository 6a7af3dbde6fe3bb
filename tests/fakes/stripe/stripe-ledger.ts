import { randomBytes } from 'node:crypto';

/**
 * The fake Stripe's objects (customers, subscriptions, invoices, payment intents, payment methods),
 * what happens to them when an invoice is issued or charged, and the JSON Stripe's API renders them as
 * (API version 2026). Events go out through the `emit` it is given (stripe-webhooks.ts); the HTTP API
 * is stripe-api.ts.
 */

export type Json = Record<string, unknown>;

export type SubscriptionRecord = {
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

export type InvoiceRecord = {
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
export type PaymentMethodRecord = { id: string; number: string; brand: string; last4: string; expMonth: number; expYear: number };

export interface FakePrice {
  id: string;
  lookupKey: string;
  unitAmount: number;
  interval: 'month' | 'year';
}

export const defaultPrices: FakePrice[] = [
  { id: 'price_monthly_fake', lookupKey: 'premium_monthly', unitAmount: 999, interval: 'month' },
  { id: 'price_yearly_fake', lookupKey: 'premium_yearly', unitAmount: 9999, interval: 'year' },
];

/** Card numbers that fail as Stripe's test cards do. */
export const declinedCards: Record<string, { code: string; decline_code?: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
};

/** The card a charge uses when the subscription has none saved (Stripe's test Visa). */
export const SUCCEEDING_CARD = '4242424242424242';
/** The card a declined renewal is charged to (Stripe's generic decline). */
export const DECLINED_CARD = '4000000000000002';

export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

export function addInterval(from: number, interval: 'month' | 'year'): number {
  const d = new Date(from * 1000);
  if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return Math.floor(d.getTime() / 1000);
}

export function priceJson(p: FakePrice): Json {
  return {
    id: p.id,
    object: 'price',
    active: true,
    currency: 'usd',
    lookup_key: p.lookupKey,
    unit_amount: p.unitAmount,
    type: 'recurring',
    recurring: { interval: p.interval, interval_count: 1 },
  };
}

export type Emit = (type: string, object: Json) => Promise<void>;

export class StripeLedger {
  readonly customers = new Map<string, Json>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, InvoiceRecord>();
  readonly intents = new Map<string, PaymentIntentRecord>();
  readonly paymentMethods = new Map<string, PaymentMethodRecord>();

  constructor(
    readonly prices: FakePrice[],
    /** Tax rate Stripe Tax applies when a subscription has automatic_tax enabled. */
    private readonly taxRate: number,
    private readonly emit: Emit,
  ) {}

  priceById(id: string): FakePrice | undefined {
    return this.prices.find((p) => p.id === id);
  }

  invoiceJson(inv: InvoiceRecord, expand: string[]): Json {
    const pi = inv.paymentIntent ? this.intents.get(inv.paymentIntent) : undefined;
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
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: inv.subscription, metadata: this.subscriptions.get(inv.subscription)?.metadata ?? {} } },
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

  subscriptionJson(sub: SubscriptionRecord, expand: string[] = []): Json {
    const price = this.priceById(sub.priceId)!;
    const invoiceExpand = expand.filter((e) => e.startsWith('latest_invoice.')).map((e) => e.slice('latest_invoice.'.length));
    const latest = this.invoices.get(sub.latestInvoice)!;
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
      latest_invoice: expand.includes('latest_invoice') || invoiceExpand.length ? this.invoiceJson(latest, invoiceExpand) : latest.id,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${sub.id}`,
        data: [{ id: sub.itemId, object: 'subscription_item', price: priceJson(price), quantity: 1, current_period_start: sub.periodStart, current_period_end: sub.periodEnd, subscription: sub.id }],
      },
    };
  }

  emitSubscription(type: string, sub: SubscriptionRecord): Promise<void> {
    return this.emit(type, this.subscriptionJson(sub));
  }

  private emitInvoice(type: string, inv: InvoiceRecord): Promise<void> {
    return this.emit(type, this.invoiceJson(inv, []));
  }

  /** An open invoice for the subscription, with the payment intent that will pay it; it becomes the latest. */
  newInvoice(sub: SubscriptionRecord, billingReason: string, subtotal: number): InvoiceRecord {
    const tax = sub.automaticTax ? Math.round(subtotal * this.taxRate) : 0;
    const inv: InvoiceRecord = { id: newId('in'), customer: sub.customer, subscription: sub.id, status: 'open', billingReason, subtotal, tax, paymentIntent: null, created: now() };
    const pi: PaymentIntentRecord = { id: newId('pi'), secret: '', amount: subtotal + tax, status: 'requires_payment_method', invoice: inv.id, lastError: null, paymentMethod: null };
    pi.secret = `${pi.id}_secret_${randomBytes(12).toString('hex')}`;
    this.intents.set(pi.id, pi);
    inv.paymentIntent = pi.id;
    this.invoices.set(inv.id, inv);
    sub.latestInvoice = inv.id;
    return inv;
  }

  /** Charges an invoice with a card number: the outcome Stripe's test cards give, and the events Stripe sends. */
  async charge(inv: InvoiceRecord, card: string, paymentMethodId: string | null): Promise<{ ok: boolean; error?: Json }> {
    const sub = this.subscriptions.get(inv.subscription)!;
    const pi = this.intents.get(inv.paymentIntent!)!;
    const decline = declinedCards[card];
    if (decline) {
      pi.status = 'requires_payment_method';
      pi.lastError = { type: 'card_error', ...decline };
      await this.emitInvoice('invoice.payment_failed', inv);
      if (inv.billingReason === 'subscription_cycle' && sub.status === 'active') {
        sub.status = 'past_due';
        await this.emitSubscription('customer.subscription.updated', sub);
      }
      return { ok: false, error: { type: 'card_error', ...decline, payment_intent: { id: pi.id, status: pi.status } } };
    }
    pi.status = 'succeeded';
    pi.paymentMethod = paymentMethodId;
    inv.status = 'paid';
    if (paymentMethodId) sub.defaultPaymentMethod = paymentMethodId;
    if (sub.status === 'incomplete') {
      const price = this.priceById(sub.priceId)!;
      sub.periodStart = now();
      sub.periodEnd = addInterval(sub.periodStart, price.interval);
    }
    if (sub.status === 'incomplete' || sub.status === 'past_due') sub.status = 'active';
    await this.emitInvoice('invoice.paid', inv);
    await this.emitSubscription('customer.subscription.updated', sub);
    return { ok: true };
  }

  /** Charges with the subscription's saved card, or a succeeding one when it has none (or `card` when given). */
  chargeSaved(sub: SubscriptionRecord, inv: InvoiceRecord, card?: string): Promise<{ ok: boolean; error?: Json }> {
    const pm = this.paymentMethods.get(sub.defaultPaymentMethod ?? '');
    return this.charge(inv, card ?? pm?.number ?? SUCCEEDING_CARD, pm?.id ?? null);
  }
}
