import { describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from './billing.ts';
import { isPremium, PAST_DUE_GRACE_DAYS, RENEWAL_GRACE_DAYS, subscriptionGrantsPremium } from './entitlements.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2027-03-10T12:00:00Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);
const sub = (status: SubscriptionStatus, overrides: Partial<{ start: number; end: number; cancelAtPeriodEnd: boolean }> = {}) => ({
  status,
  currentPeriodStart: at(overrides.start ?? -10),
  currentPeriodEnd: at(overrides.end ?? 20),
  cancelAtPeriodEnd: overrides.cancelAtPeriodEnd ?? false,
});

describe('isPremium (spec section 1)', () => {
  it('admin and vip always; standard never, whatever a subscription says', () => {
    expect(isPremium('admin', null, now)).toBe(true);
    expect(isPremium('vip', null, now)).toBe(true);
    expect(isPremium('standard', sub('active'), now)).toBe(false);
  });

  it('a subscriber only through a subscription that grants it', () => {
    expect(isPremium('subscriber', null, now)).toBe(false);
    expect(isPremium('subscriber', sub('active'), now)).toBe(true);
    expect(isPremium('subscriber', sub('canceled'), now)).toBe(false);
  });
});

describe('subscriptionGrantsPremium', () => {
  it.each([
    ['active', true],
    ['trialing', true],
    ['incomplete', false],
    ['incomplete_expired', false],
    ['canceled', false],
    ['unpaid', false],
    ['paused', false],
    ['inactive', false],
  ] as const)('%s in its period: %s', (status, expected) => {
    expect(subscriptionGrantsPremium(sub(status), now)).toBe(expected);
  });

  it('a cancelled subscription (cancel at period end) until the period ends, not a second longer', () => {
    expect(subscriptionGrantsPremium(sub('active', { end: 1 / 24, cancelAtPeriodEnd: true }), now)).toBe(true);
    expect(subscriptionGrantsPremium(sub('active', { end: 0, cancelAtPeriodEnd: true }), now)).toBe(false);
  });

  it('a renewing subscription whose renewal is late keeps Premium for the renewal grace only', () => {
    expect(subscriptionGrantsPremium(sub('active', { end: -(RENEWAL_GRACE_DAYS - 1) }), now)).toBe(true);
    expect(subscriptionGrantsPremium(sub('active', { end: -RENEWAL_GRACE_DAYS }), now)).toBe(false);
  });

  it('past due while Stripe retries, for the grace period after the unpaid period began', () => {
    expect(subscriptionGrantsPremium(sub('past_due', { start: -(PAST_DUE_GRACE_DAYS - 1) }), now)).toBe(true);
    expect(subscriptionGrantsPremium(sub('past_due', { start: -PAST_DUE_GRACE_DAYS }), now)).toBe(false);
  });
});
