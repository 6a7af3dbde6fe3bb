import type { AppUserType } from './auth.ts';
import type { SubscriptionStatus } from './billing.ts';
import { FREE_DAILY_ATTACHMENTS, FREE_DAILY_INTERACTIONS, UNLIMITED } from './limits.ts';

/** What of a subscriber's subscription decides Premium (the `payments` row of spec section 3). */
export interface SubscriptionState {
  status: SubscriptionStatus;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * An active subscription whose period end has passed is being renewed (Stripe bills at the period
 * end and tells us within minutes); Premium carries on this long before we stop trusting it.
 */
export const RENEWAL_GRACE_DAYS = 3;
/** A renewal payment that failed is retried by Stripe (past_due); Premium stays on this long after the unpaid period began. */
export const PAST_DUE_GRACE_DAYS = 14;

/**
 * Whether a subscription gives Premium at `now` (docs/decisions/013-billing.md): active or trialing
 * (a cancelled one until its period ends), past due while Stripe retries the payment within the
 * grace period; never incomplete, expired, unpaid, paused or canceled.
 */
export function subscriptionGrantsPremium(subscription: SubscriptionState, now: Date = new Date()): boolean {
  const end = subscription.currentPeriodEnd?.getTime();
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      if (end === undefined) return true;
      return now.getTime() < end + (subscription.cancelAtPeriodEnd ? 0 : RENEWAL_GRACE_DAYS * DAY_MS);
    case 'past_due': {
      const start = subscription.currentPeriodStart?.getTime();
      return start !== undefined && now.getTime() < start + PAST_DUE_GRACE_DAYS * DAY_MS;
    }
    default:
      return false;
  }
}

/**
 * Spec section 1: admin and vip are always Premium; a subscriber is Premium while their
 * subscription grants it (no subscription: not Premium); a standard account never is.
 */
export function isPremium(appUserType: AppUserType, subscription?: SubscriptionState | null, now: Date = new Date()): boolean {
  if (appUserType === 'admin' || appUserType === 'vip') return true;
  if (appUserType === 'subscriber') return subscription ? subscriptionGrantsPremium(subscription, now) : false;
  return false;
}

export function dailyAllowances(premium: boolean) {
  return premium
    ? { interactions: UNLIMITED, attachments: UNLIMITED }
    : { interactions: FREE_DAILY_INTERACTIONS, attachments: FREE_DAILY_ATTACHMENTS };
}

/** Header the browser sends when its local testPremium flag is 'true'; honoured only when the server allows it. */
export const TEST_PREMIUM_HEADER = 'x-test-premium';
