import type { AppUserType } from './auth.ts';
import { FREE_DAILY_ATTACHMENTS, FREE_DAILY_INTERACTIONS, UNLIMITED } from './limits.ts';

/** What decides Premium besides the account type; filled in by billing. */
export interface SubscriptionState {
  active: boolean;
}

/**
 * Admin and vip are always Premium; a subscriber is Premium while the subscription is active
 * (until billing lands, a subscriber account counts as active).
 */
export function isPremium(appUserType: AppUserType, subscription?: SubscriptionState): boolean {
  if (appUserType === 'admin' || appUserType === 'vip') return true;
  if (appUserType === 'subscriber') return subscription?.active ?? true;
  return false;
}

export function dailyAllowances(premium: boolean) {
  return premium
    ? { interactions: UNLIMITED, attachments: UNLIMITED }
    : { interactions: FREE_DAILY_INTERACTIONS, attachments: FREE_DAILY_ATTACHMENTS };
}

/** Header the browser sends when its local testPremium flag is 'true'; honoured only when the server allows it. */
export const TEST_PREMIUM_HEADER = 'x-test-premium';
