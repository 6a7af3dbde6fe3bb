import Stripe from 'stripe';
import { subscriptionStatuses, type BillingAddress, type SubscriptionStatus } from '#contract/billing.ts';
import { AppError } from '#server/errors.ts';

/**
 * The adapter to Stripe (DESIGN.md: billing/ behind a small interface). It speaks the current API
 * (stripe-node 23): the client secret comes from the latest invoice's `confirmation_secret`, the
 * payment intent from the invoice's `payments`, and the billing period from the subscription items.
 * Everything else in the app sees plain snapshots, never Stripe objects.
 */

export interface InvoiceSnapshot {
  id: string;
  status: string | null;
  billingReason: string | null;
  clientSecret: string | null;
  paymentIntentId: string | null;
  subtotal: number;
  tax: number;
  total: number;
  amountDue: number;
  currency: string;
  /** Stripe's page where the customer can pay this invoice (with another card). */
  hostedUrl: string | null;
}

export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** The account that started it (our metadata), null for subscriptions made elsewhere. */
  userId: string | null;
  status: SubscriptionStatus;
  itemId: string | null;
  priceId: string | null;
  /** Price of one period in cents. */
  unitAmount: number | null;
  currency: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cancelledAt: Date | null;
  trialStart: Date | null;
  trialEnd: Date | null;
  latestInvoice: InvoiceSnapshot | null;
}

export interface WebhookEvent {
  id: string;
  type: string;
  /** The subscription the event is about, when it is about one. */
  subscriptionId: string | null;
  /** For invoice events: the invoice. */
  invoice: InvoiceSnapshot | null;
}

export interface BillingGateway {
  /** A price id for a configured price id or lookup key (cached). */
  resolvePrice(ref: string): Promise<string>;
  createCustomer(input: { email: string; userId: string; address: BillingAddress }, idempotencyKey: string): Promise<string>;
  updateCustomerAddress(customerId: string, address: BillingAddress): Promise<void>;
  createSubscription(input: { customerId: string; priceId: string; userId: string; automaticTax: boolean }, idempotencyKey: string): Promise<SubscriptionSnapshot>;
  /** null when Stripe does not know it. */
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  cancelNow(id: string): Promise<SubscriptionSnapshot>;
  cancelAtPeriodEnd(id: string, idempotencyKey: string): Promise<SubscriptionSnapshot>;
  changePrice(id: string, itemId: string, priceId: string, idempotencyKey: string): Promise<SubscriptionSnapshot>;
  /** Verifies the signature on the raw body; throws AppError('bad_request:webhook_signature'). */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
}

const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id);
const EXPAND = ['latest_invoice.confirmation_secret', 'latest_invoice.payments'];

function toInvoice(invoice: Stripe.Invoice): InvoiceSnapshot {
  const tax = (invoice.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
  const payment = invoice.payments?.data.find((p) => p.payment.type === 'payment_intent');
  return {
    id: invoice.id!,
    status: invoice.status,
    billingReason: invoice.billing_reason,
    clientSecret: invoice.confirmation_secret?.client_secret ?? null,
    paymentIntentId: idOf(payment?.payment.payment_intent),
    subtotal: invoice.subtotal,
    tax,
    total: invoice.total,
    amountDue: invoice.amount_due,
    currency: invoice.currency,
    hostedUrl: invoice.hosted_invoice_url ?? null,
  };
}

export function toSubscription(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  const invoice = subscription.latest_invoice;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer)!,
    userId: subscription.metadata?.userId ?? null,
    // A status newer than this code never gives Premium.
    status: (subscriptionStatuses as readonly string[]).includes(subscription.status) ? (subscription.status as SubscriptionStatus) : 'inactive',
    itemId: item?.id ?? null,
    priceId: item?.price.id ?? null,
    unitAmount: item?.price.unit_amount ?? null,
    currency: subscription.currency,
    currentPeriodStart: seconds(item?.current_period_start),
    currentPeriodEnd: seconds(item?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelledAt: seconds(subscription.canceled_at),
    trialStart: seconds(subscription.trial_start),
    trialEnd: seconds(subscription.trial_end),
    latestInvoice: invoice && typeof invoice === 'object' ? toInvoice(invoice) : null,
  };
}

function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

/** Stripe's failures become ours: unreachable or 5xx -> 'billing:provider' (the caller may retry). */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new AppError('billing:provider', undefined, { cause: error });
    throw error;
  }
}

export function createStripeGateway(options: { secretKey: string; webhookSecret: string; apiUrl: string }): BillingGateway {
  const api = new URL(options.apiUrl);
  const stripe = new Stripe(options.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'http:' ? 80 : 443),
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'corner-office' },
  });
  const prices = new Map<string, Promise<string>>();

  return {
    resolvePrice(ref) {
      if (ref.startsWith('price_')) return Promise.resolve(ref);
      let found = prices.get(ref);
      if (!found) {
        found = call(async () => {
          const list = await stripe.prices.list({ lookup_keys: [ref], active: true, limit: 1 });
          const price = list.data[0];
          if (!price) throw new AppError('unavailable:billing', `No active Stripe price has the lookup key ${ref}`);
          return price.id;
        });
        found.catch(() => prices.delete(ref));
        prices.set(ref, found);
      }
      return found;
    },
    async createCustomer({ email, userId, address }, idempotencyKey) {
      const customer = await call(() =>
        stripe.customers.create(
          {
            email,
            name: address.name,
            address: { line1: address.line1, line2: address.line2 || undefined, city: address.city, state: address.state || undefined, postal_code: address.postalCode, country: address.country },
            metadata: { userId },
          },
          { idempotencyKey },
        ),
      );
      return customer.id;
    },
    async updateCustomerAddress(customerId, address) {
      await call(() =>
        stripe.customers.update(customerId, {
          name: address.name,
          address: { line1: address.line1, line2: address.line2 || '', city: address.city, state: address.state || '', postal_code: address.postalCode, country: address.country },
        }),
      );
    },
    async createSubscription({ customerId, priceId, userId, automaticTax }, idempotencyKey) {
      const subscription = await call(() =>
        stripe.subscriptions.create(
          {
            customer: customerId,
            items: [{ price: priceId }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
            automatic_tax: { enabled: automaticTax },
            metadata: { userId },
            expand: EXPAND,
          },
          { idempotencyKey },
        ),
      );
      return toSubscription(subscription);
    },
    async retrieveSubscription(id) {
      try {
        return toSubscription(await stripe.subscriptions.retrieve(id, { expand: EXPAND }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        if (error instanceof Stripe.errors.StripeError) throw new AppError('billing:provider', undefined, { cause: error });
        throw error;
      }
    },
    async cancelNow(id) {
      return toSubscription(await call(() => stripe.subscriptions.cancel(id, { expand: EXPAND })));
    },
    async cancelAtPeriodEnd(id, idempotencyKey) {
      return toSubscription(await call(() => stripe.subscriptions.update(id, { cancel_at_period_end: true, expand: EXPAND }, { idempotencyKey })));
    },
    async changePrice(id, itemId, priceId, idempotencyKey) {
      return toSubscription(
        await call(() =>
          stripe.subscriptions.update(
            id,
            // Spec section 4: an upgrade or downgrade amends the fee. The difference is invoiced at once
            // (a credit, when there is one, stays on the account for later invoices: no refunds, spec section 1).
            { items: [{ id: itemId, price: priceId }], proration_behavior: 'always_invoice', cancel_at_period_end: false, expand: EXPAND },
            { idempotencyKey },
          ),
        ),
      );
    },
    verifyWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no signature');
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        throw new AppError('bad_request:webhook_signature');
      }
      const object = event.data.object as { object?: string; id?: string };
      if (object.object === 'subscription') return { id: event.id, type: event.type, subscriptionId: object.id ?? null, invoice: null };
      if (object.object === 'invoice') {
        const invoice = object as Stripe.Invoice;
        return { id: event.id, type: event.type, subscriptionId: subscriptionIdOfInvoice(invoice), invoice: toInvoice(invoice) };
      }
      return { id: event.id, type: event.type, subscriptionId: null, invoice: null };
    },
  };
}
