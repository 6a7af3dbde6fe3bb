import { isPremium, type SubscriptionState } from '#contract/entitlements.ts';
import type { Db } from '#server/db/client.ts';
import type { Payment, User } from '#server/db/schema.ts';
import { findCurrentPayment } from './billing.queries.ts';
import { accountOwner } from '#server/db/ownership.ts';

export function subscriptionStateOf(row: Payment): SubscriptionState {
  return {
    status: row.subscriptionStatus,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/**
 * THE server-side Premium decision for a signed-in account (spec section 1): admin and vip always;
 * a subscriber from their current subscription's status and period (contract/entitlements.ts);
 * standard never. Only a subscriber costs a query (one indexed row).
 */
export async function premiumFor(db: Db, user: Pick<User, 'id' | 'appUserType'>, now: Date = new Date()): Promise<boolean> {
  if (user.appUserType !== 'subscriber') return isPremium(user.appUserType);
  const current = await findCurrentPayment(db, accountOwner(user.id));
  return isPremium('subscriber', current ? subscriptionStateOf(current) : null, now);
}
