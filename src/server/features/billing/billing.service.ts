import { createHash } from 'node:crypto';
import {
  billingText,
  formatBillingDate,
  type BillingAddress,
  type CreateSubscriptionResponse,
  type StripeConfigResponse,
  type SubscriptionInfo,
  type SubscriptionPricing,
} from '#contract/billing.ts';
import { isPremium } from '#contract/entitlements.ts';
import type { BillingPeriod } from '#contract/plans.ts';
import type { Payment, User } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { SubscriptionSnapshot } from '#server/billing/stripe-gateway.ts';
import type { BillingDeps } from './billing-deps.ts';
import * as queries from './billing.queries.ts';
import { gatewayOf, paymentValuesOf, serialized } from './subscription-sync.ts';
import { subscriptionStateOf } from './premium.ts';
import { accountOwner } from '#server/db/ownership.ts';

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);

export function stripeConfig(deps: Pick<BillingDeps, 'config'>): StripeConfigResponse {
  const billing = deps.config.billing;
  return { publicKey: billing.enabled ? billing.publishableKey : null, jsUrl: billing.enabled ? (billing.jsUrl ?? null) : null };
}

/** Mirrors a subscription read from Stripe into its row and the account type; tells the session cache. */
async function save(deps: BillingDeps, userId: string, subscription: SubscriptionSnapshot, previous?: Payment): Promise<Payment> {
  const row = await queries.savePayment(deps.db, accountOwner(userId), await paymentValuesOf(deps, subscription, previous));
  deps.sessionCache.invalidateUser(userId);
  return row;
}

async function priceFor(deps: BillingDeps, period: BillingPeriod): Promise<string> {
  if (!deps.config.billing.enabled) throw new AppError('unavailable:billing');
  return gatewayOf(deps).resolvePrice(deps.config.billing.prices[period]);
}

/**
 * Billing changes that can cost money (checkout, period change) need payments set up and a verified
 * address (decision 017): an account nobody proved to own cannot be billed. Cancelling is not one of
 * them: the session is proof enough to stop paying (issue 29, point 2).
 */
function requireBillingChange(deps: BillingDeps, user: User): void {
  gatewayOf(deps);
  if (!user.emailVerifiedAt) throw new AppError('forbidden:unverified');
}

/**
 * Step 1 of checkout -> a subscription waiting for its first payment (spec section 7). One open
 * subscription per account, whatever the concurrency (decision 051): the checkouts of one account
 * run one after the other in this instance; across instances, requests for the same plan share one
 * idempotency key (so Stripe answers them with one subscription), and of two plans started at once
 * the newer checkout stands and the older is cancelled. Never a second subscription for an account
 * that has Premium.
 */
export async function createSubscription(
  deps: BillingDeps,
  user: User,
  input: { period: BillingPeriod; address: BillingAddress },
): Promise<CreateSubscriptionResponse> {
  requireBillingChange(deps, user);
  gatewayOf(deps);
  return serialized(`checkout:${user.id}`, () => createSubscriptionNow(deps, user, input));
}

async function createSubscriptionNow(deps: BillingDeps, user: User, input: { period: BillingPeriod; address: BillingAddress }): Promise<CreateSubscriptionResponse> {
  const gateway = gatewayOf(deps);
  if (user.appUserType === 'admin' || user.appUserType === 'vip') throw new AppError('conflict:already_premium');
  const current = await queries.findCurrentPayment(deps.db, accountOwner(user.id));
  if (current && isPremium('subscriber', subscriptionStateOf(current))) throw new AppError('conflict:already_premium');
  const priceId = await priceFor(deps, input.period);

  // A checkout already open for this plan is picked up again (back button, reload); one for the
  // other plan is abandoned first, so only one can ever be paid.
  for (const open of await queries.findOpenCheckouts(deps.db, accountOwner(user.id))) {
    const fresh = await gateway.retrieveSubscription(open.stripeSubscriptionId);
    if (!fresh) {
      await save(deps, user.id, { ...snapshotOf(open), status: 'incomplete_expired' }, open);
    } else if (fresh.status !== 'incomplete') {
      // Paid (or expired) since we last looked: record it; a paid one means there is nothing to buy.
      const row = await save(deps, user.id, fresh, open);
      if (isPremium('subscriber', subscriptionStateOf(row))) throw new AppError('conflict:already_premium');
    } else if (fresh.priceId === priceId && fresh.latestInvoice?.clientSecret) {
      await gateway.updateCustomerAddress(fresh.customerId, input.address);
      await save(deps, user.id, fresh, open);
      return { clientSecret: fresh.latestInvoice.clientSecret, customerId: fresh.customerId, subscriptionId: fresh.id };
    } else {
      await save(deps, user.id, await gateway.cancelNow(open.stripeSubscriptionId), open);
    }
  }

  const history = await queries.checkoutHistory(deps.db, accountOwner(user.id));
  let customerId = history.customerId;
  if (customerId) await gateway.updateCustomerAddress(customerId, input.address);
  else customerId = await gateway.createCustomer({ email: user.email, userId: user.id, address: input.address }, `customer:${user.id}:${hash(JSON.stringify(input.address))}`);

  // The key names the attempt by the newest subscription that is over (none open is left by now):
  // a checkout started meanwhile elsewhere adds an open one and changes nothing, so two requests of
  // the same attempt share a key, while an abandoned or ended checkout starts a new attempt.
  const subscription = await gateway.createSubscription(
    { customerId, priceId, userId: user.id, automaticTax: deps.config.billing.enabled && deps.config.billing.automaticTax },
    `subscription:${user.id}:${history.lastClosedId ?? 'first'}:${priceId}`,
  );
  const row = await serialized(subscription.id, () => save(deps, user.id, subscription));
  await cancelOlderCheckouts(deps, user.id, row);
  const clientSecret = subscription.latestInvoice?.clientSecret;
  if (!clientSecret) throw new AppError('billing:provider', 'The payment provider did not return a payment to confirm. Please try again.');
  return { clientSecret, customerId, subscriptionId: subscription.id };
}

/**
 * Two plans started at once on two instances: each, once saved, cancels every open checkout of the
 * account older than its own, so the newest stands and no older one can be paid later.
 */
async function cancelOlderCheckouts(deps: BillingDeps, userId: string, newest: Payment): Promise<void> {
  for (const open of await queries.findOpenCheckouts(deps.db, accountOwner(userId))) {
    if (open.id === newest.id || !olderThan(open, newest)) continue;
    await serialized(open.stripeSubscriptionId, async () => {
      const fresh = await gatewayOf(deps).retrieveSubscription(open.stripeSubscriptionId);
      if (fresh?.status === 'incomplete') await save(deps, userId, await gatewayOf(deps).cancelNow(open.stripeSubscriptionId), open);
      else await save(deps, userId, fresh ?? { ...snapshotOf(open), status: 'incomplete_expired' }, open);
    });
  }
}

const olderThan = (a: Payment, b: Payment) => a.createdAt.getTime() < b.createdAt.getTime() || (a.createdAt.getTime() === b.createdAt.getTime() && a.id < b.id);

/** A row as a snapshot, for a subscription Stripe no longer knows. */
function snapshotOf(row: Payment): SubscriptionSnapshot {
  return {
    id: row.stripeSubscriptionId,
    customerId: row.stripeCustomerId,
    userId: row.userId,
    status: row.subscriptionStatus === 'inactive' ? 'incomplete_expired' : row.subscriptionStatus,
    itemId: null,
    priceId: row.stripePriceId,
    unitAmount: row.amount,
    currency: row.currency,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    cancelledAt: row.cancelledAt,
    trialStart: row.trialStart,
    trialEnd: row.trialEnd,
    latestInvoice: null,
  };
}

async function ownSubscription(deps: BillingDeps, user: User, subscriptionId: string): Promise<Payment> {
  gatewayOf(deps);
  const row = await queries.findUserPayment(deps.db, accountOwner(user.id), subscriptionId);
  if (!row) throw new AppError('not_found:subscription');
  return row;
}

/** The order summary of step 2: what the first invoice charges, tax included (cents). */
export async function subscriptionPricing(deps: BillingDeps, user: User, subscriptionId: string): Promise<SubscriptionPricing> {
  const row = await ownSubscription(deps, user, subscriptionId);
  const invoice = (await gatewayOf(deps).retrieveSubscription(row.stripeSubscriptionId))?.latestInvoice;
  if (!invoice) throw new AppError('not_found:subscription');
  return { subtotal: invoice.subtotal, tax: invoice.tax, total: invoice.total, currency: invoice.currency };
}

/** Leaving checkout unpaid (spec section 4): the waiting subscription is cancelled so it can never be paid later. */
export async function cancelIncompleteSubscription(deps: BillingDeps, user: User, subscriptionId: string): Promise<{ message: string }> {
  const row = await ownSubscription(deps, user, subscriptionId);
  const gateway = gatewayOf(deps);
  return serialized(subscriptionId, async () => {
    const fresh = await gateway.retrieveSubscription(subscriptionId);
    if (!fresh) {
      await save(deps, user.id, { ...snapshotOf(row), status: 'incomplete_expired' }, row);
      return { message: 'Checkout cancelled' };
    }
    if (fresh.status === 'incomplete') {
      await save(deps, user.id, await gateway.cancelNow(subscriptionId), row);
      return { message: 'Checkout cancelled' };
    }
    await save(deps, user.id, fresh, row);
    if (fresh.status === 'incomplete_expired' || fresh.status === 'canceled') return { message: 'Checkout cancelled' };
    throw new AppError('conflict:subscription_paid');
  });
}

async function liveSubscription(deps: BillingDeps, user: User): Promise<Payment> {
  gatewayOf(deps);
  const current = await queries.findCurrentPayment(deps.db, accountOwner(user.id));
  if (!current || !isPremium('subscriber', subscriptionStateOf(current))) throw new AppError('not_found:active_subscription');
  return current;
}

/** Cancel Subscription: Premium continues to the period's end, then the account returns to free (spec section 4). */
export async function cancelSubscription(deps: BillingDeps, user: User): Promise<{ message: string; cancelAtPeriodEnd: boolean; nextBillingDate: string | null }> {
  // Never gated on verification or anything but the session (issue 29, point 2).
  gatewayOf(deps);
  const current = await liveSubscription(deps, user);
  if (current.cancelAtPeriodEnd) throw new AppError('conflict:subscription_cancelled');
  const updated = await serialized(current.stripeSubscriptionId, async () =>
    save(deps, user.id, await gatewayOf(deps).cancelAtPeriodEnd(current.stripeSubscriptionId, `cancel:${current.stripeSubscriptionId}`), current),
  );
  const end = updated.currentPeriodEnd;
  return {
    message: billingText.cancelled(end ? formatBillingDate(end) : 'the end of this billing period'),
    cancelAtPeriodEnd: updated.cancelAtPeriodEnd,
    nextBillingDate: end?.toISOString() ?? null,
  };
}

/** Monthly <-> yearly: the price changes now and the difference is prorated (spec section 4). */
export async function changeSubscriptionPeriod(deps: BillingDeps, user: User, period: BillingPeriod): Promise<SubscriptionInfo & { message: string }> {
  requireBillingChange(deps, user);
  const current = await liveSubscription(deps, user);
  if (current.subscriptionPeriod === period && !current.cancelAtPeriodEnd) throw new AppError('conflict:same_period');
  const priceId = await priceFor(deps, period);
  const gateway = gatewayOf(deps);
  const updated = await serialized(current.stripeSubscriptionId, async () => {
    const fresh = await gateway.retrieveSubscription(current.stripeSubscriptionId);
    if (!fresh?.itemId) throw new AppError('not_found:active_subscription');
    return save(deps, user.id, await gateway.changePrice(fresh.id, fresh.itemId, priceId, `period:${fresh.id}:${fresh.itemId}:${priceId}:${fresh.currentPeriodStart?.getTime()}`), current);
  });
  return { ...infoOf(updated), message: billingText.periodChanged(period) };
}

function infoOf(row: Payment | undefined, premium = row ? isPremium('subscriber', subscriptionStateOf(row)) : false): SubscriptionInfo {
  if (!row || !premium) return { subscriptionLevel: premium ? 'premium' : 'free', subscriptionPeriod: null, nextBillingDate: null, cancelAtPeriodEnd: false };
  return {
    subscriptionLevel: 'premium',
    subscriptionPeriod: row.subscriptionPeriod,
    nextBillingDate: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/**
 * GET /api/auth/subscription-info. A checkout still waiting for its payment is re-read from Stripe
 * first, so a browser returning from a payment sees Premium even before the webhook arrives.
 */
export async function subscriptionInfo(deps: BillingDeps, user: User, premium: boolean): Promise<SubscriptionInfo> {
  if (user.appUserType === 'admin' || user.appUserType === 'vip') return infoOf(undefined, true);
  let current = await queries.findCurrentPayment(deps.db, accountOwner(user.id));
  if (current?.subscriptionStatus === 'incomplete' && deps.gateway) {
    const row = current;
    const fresh = await deps.gateway.retrieveSubscription(row.stripeSubscriptionId);
    if (fresh && fresh.status !== 'incomplete') current = await serialized(row.stripeSubscriptionId, () => save(deps, user.id, fresh, row));
  }
  // testPremium (where allowed) shows Premium without a subscription.
  if (!current) return infoOf(undefined, premium);
  return infoOf(current);
}

/**
 * For account deletion (features/account): ends every subscription of the account at once, so
 * nothing more is ever charged. Safe to call when Stripe is not configured or nothing is live.
 */
/**
 * An admin disabled the account (decision 037): it is charged no more. A live subscription stops renewing (Premium
 * it paid for runs to the period's end, as a cancellation does) and an unpaid checkout is cancelled. Idempotent:
 * asking again after a gateway failure finishes the job.
 */
export async function stopBillingForDisabledAccount(deps: BillingDeps, userId: string): Promise<void> {
  if (!deps.gateway) return;
  const gateway = deps.gateway;
  const current = await queries.findCurrentPayment(deps.db, accountOwner(userId));
  if (current && isPremium('subscriber', subscriptionStateOf(current)) && !current.cancelAtPeriodEnd) {
    await serialized(current.stripeSubscriptionId, async () =>
      save(deps, userId, await gateway.cancelAtPeriodEnd(current.stripeSubscriptionId, `cancel:${current.stripeSubscriptionId}`), current),
    );
  }
  for (const row of await queries.findOpenCheckouts(deps.db, accountOwner(userId))) {
    await serialized(row.stripeSubscriptionId, async () => save(deps, userId, await gateway.cancelNow(row.stripeSubscriptionId), row));
  }
}

export async function cancelSubscriptionsForDeletedAccount(deps: BillingDeps, userId: string): Promise<void> {
  if (!deps.gateway) return;
  const gateway = deps.gateway;
  const current = await queries.findCurrentPayment(deps.db, accountOwner(userId));
  const open = await queries.findOpenCheckouts(deps.db, accountOwner(userId));
  const rows = [...(current && (queries.liveStatuses as readonly string[]).includes(current.subscriptionStatus) ? [current] : []), ...open];
  for (const row of rows) {
    await serialized(row.stripeSubscriptionId, async () => save(deps, userId, await gateway.cancelNow(row.stripeSubscriptionId), row));
  }
}
