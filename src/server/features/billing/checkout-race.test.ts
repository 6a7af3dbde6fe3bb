import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, createBillingTestApp, type BillingTestApp } from '#tests/helpers/billing-app.ts';
import { inject, signUpVerifiedUser } from '#tests/helpers/test-app.ts';

/**
 * Issue 28, point 3 (decision 051): one open subscription per account, whatever the concurrency.
 * Counted at the fake Stripe, where a subscription can be paid, not in our rows.
 */
let t: BillingTestApp;

beforeAll(async () => {
  t = await createBillingTestApp();
});
afterAll(async () => {
  await t.close();
});

const checkout = (cookie: string, period: 'monthly' | 'yearly') =>
  inject(t.app, { method: 'POST', url: '/api/create-embedded-subscription', cookie, payload: { period, address } });

/** The account's subscriptions at Stripe that could still be paid or renew. */
function openAtStripe(userId: string) {
  return t.stripe
    .subscriptionIds()
    .map((id) => t.stripe.subscription(id)!)
    .filter((sub) => (sub.metadata as { userId: string }).userId === userId)
    .filter((sub) => !['canceled', 'incomplete_expired'].includes(sub.status as string));
}

const renewing = (userId: string) => openAtStripe(userId).filter((sub) => !sub.cancel_at_period_end);

describe('parallel checkouts', () => {
  it('10 at once for the same plan leave one subscription at Stripe, and every answer is that one', async () => {
    const { user, cookie } = await signUpVerifiedUser(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkout(cookie, 'monthly')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const open = openAtStripe(user.id);
    expect(open).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().subscriptionId))).toEqual(new Set([open[0]!.id]));
  });

  it('monthly and yearly at once leave one open subscription; paid and cancelled, none renews', async () => {
    const { user, cookie } = await signUpVerifiedUser(t);
    const answers = await Promise.all([checkout(cookie, 'monthly'), checkout(cookie, 'yearly')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const open = openAtStripe(user.id);
    expect(open).toHaveLength(1);
    // The one left is the one the last answer named: paying it makes the account Premium.
    expect((await t.stripe.pay(open[0]!.id as string)).ok).toBe(true);
    expect(renewing(user.id)).toHaveLength(1);
    const cancelled = await inject(t.app, { method: 'POST', url: '/api/cancel-subscription', cookie });
    expect(cancelled.statusCode).toBe(200);
    expect(renewing(user.id)).toHaveLength(0);
  });

  it('a new checkout after an abandoned one is a new subscription (the key is not the old one), still only one open', async () => {
    const { user, cookie } = await signUpVerifiedUser(t);
    const first = (await checkout(cookie, 'monthly')).json();
    await t.stripe.expireIncomplete(first.subscriptionId);
    await t.stripe.idle();
    const again = await Promise.all([checkout(cookie, 'monthly'), checkout(cookie, 'monthly'), checkout(cookie, 'yearly')]);
    expect(again.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const open = openAtStripe(user.id);
    expect(open).toHaveLength(1);
    expect(open[0]!.id).not.toBe(first.subscriptionId);
  });
});
