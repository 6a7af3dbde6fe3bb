import type { BillingPeriod } from '#contract/plans.ts';
import type { Payment } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { BillingGateway, SubscriptionSnapshot } from '#server/billing/stripe-gateway.ts';
import type { BillingDeps } from './billing-deps.ts';
import { liveStatuses, type PaymentValues } from './billing.queries.ts';

/** The configured Stripe adapter; without one, every billing call answers 'unavailable:billing'. */
export function gatewayOf(deps: BillingDeps): BillingGateway {
  if (!deps.gateway) throw new AppError('unavailable:billing');
  return deps.gateway;
}

/** Which of our plans a Stripe price is (null: a price this server does not sell). */
export async function periodOfPrice(deps: BillingDeps, priceId: string | null): Promise<BillingPeriod | null> {
  if (!priceId || !deps.config.billing.enabled) return null;
  const gateway = gatewayOf(deps);
  const { monthly, yearly } = deps.config.billing.prices;
  if (priceId === (await gateway.resolvePrice(monthly))) return 'monthly';
  if (priceId === (await gateway.resolvePrice(yearly))) return 'yearly';
  return null;
}

/** The payments row that mirrors a Stripe subscription (spec section 3's fields). */
export async function paymentValuesOf(deps: BillingDeps, subscription: SubscriptionSnapshot, previous?: Payment): Promise<PaymentValues> {
  const live = (liveStatuses as readonly string[]).includes(subscription.status);
  const invoice = subscription.latestInvoice;
  return {
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: subscription.customerId,
    stripePriceId: subscription.priceId,
    // An invoice snapshot without the payment (not expanded) keeps the one already known.
    stripeInvoiceId: invoice?.id ?? previous?.stripeInvoiceId ?? null,
    stripePaymentIntentId: invoice?.paymentIntentId ?? previous?.stripePaymentIntentId ?? null,
    subscriptionLevel: live ? 'premium' : 'free',
    subscriptionPeriod: (await periodOfPrice(deps, subscription.priceId)) ?? previous?.subscriptionPeriod ?? null,
    subscriptionStatus: subscription.status,
    amount: subscription.unitAmount,
    currency: subscription.currency,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    cancelledAt: subscription.cancelledAt,
    trialStart: subscription.trialStart,
    trialEnd: subscription.trialEnd,
  };
}

const inFlight = new Map<string, Promise<unknown>>();

/**
 * Runs `work` for one subscription after any earlier work on it in this instance has finished, so
 * a read of Stripe and the write that follows it are never interleaved with another's: the last
 * write is always from the last read. (Across instances every event re-reads Stripe, so the state
 * converges on the next event; see docs/decisions/013-billing.md.)
 */
export function serialized<T>(subscriptionId: string, work: () => Promise<T>): Promise<T> {
  const previous = inFlight.get(subscriptionId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  inFlight.set(subscriptionId, next);
  void next
    .catch(() => undefined)
    .finally(() => {
      if (inFlight.get(subscriptionId) === next) inFlight.delete(subscriptionId);
    });
  return next;
}
