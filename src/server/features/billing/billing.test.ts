import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, users } from '#server/db/schema.ts';
import { cookieChoiceScriptSource } from '#server/plugins/security-headers.ts';
import { cancelSubscriptionsForDeletedAccount } from './billing.service.ts';
import { createStripeGateway } from '#server/billing/stripe-gateway.ts';
import { address, createBillingTestApp, startCheckout, type BillingTestApp } from '#tests/helpers/billing-app.ts';
import { inject, signUpVerifiedUser } from '#tests/helpers/test-app.ts';

let t: BillingTestApp;

beforeAll(async () => {
  t = await createBillingTestApp({ STRIPE_AUTOMATIC_TAX: 'true' });
});
afterAll(async () => {
  await t.close();
});

const me = async (cookie: string) => (await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie })).json();
const info = async (cookie: string) => (await inject(t.app, { method: 'GET', url: '/api/auth/subscription-info', cookie })).json();
const rowOf = async (subscriptionId: string) => (await t.database.db.select().from(payments).where(eq(payments.stripeSubscriptionId, subscriptionId)))[0]!;
const DAY = 24 * 60 * 60 * 1000;

describe('GET /api/stripe-config', () => {
  it('gives the publishable key and where Stripe.js comes from', async () => {
    const response = await inject(t.app, { method: 'GET', url: '/api/stripe-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: t.stripe.publishableKey, jsUrl: t.stripe.jsUrl });
  });

  it('the Content-Security-Policy allows exactly the configured Stripe.js and API origins (and the one inline script, by its hash)', async () => {
    // The page's policy (API answers get one that allows nothing).
    const csp = (await inject(t.app, { method: 'GET', url: '/chat' })).headers['content-security-policy'] as string;
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe(`script-src 'self' ${cookieChoiceScriptSource} ${t.stripe.url}`);
    expect(directive('frame-src')).toBe(`frame-src 'self' ${t.stripe.url}`);
    expect(directive('connect-src')).toBe(`connect-src 'self' ${t.stripe.url}`);
    expect(csp).not.toContain('*');
  });
});

describe('checkout: create, price, pay, Premium', () => {
  it('creates an incomplete subscription from the address, prices it with tax, and grants Premium once the webhook says it is paid', async () => {
    const { user, cookie } = await signUpVerifiedUser(t);
    const created = await startCheckout(t, cookie, 'yearly');
    expect(created.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(created.customerId).toMatch(/^cus_/);

    // The customer carries the step-1 address; the yearly price comes from configuration, never the browser.
    const customerCall = t.stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/customers' && (r.body.metadata as { userId?: string }).userId === user.id)!;
    expect(customerCall.body).toMatchObject({ email: user.email, name: address.name, address: { line1: address.line1, city: address.city, state: 'PA', postal_code: '19103', country: 'US' } });
    const subscriptionCall = t.stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions' && (r.body.metadata as { userId?: string }).userId === user.id)!;
    expect(subscriptionCall.body).toMatchObject({ items: [{ price: 'price_yearly_fake' }], payment_behavior: 'default_incomplete', automatic_tax: { enabled: 'true' } });
    expect(subscriptionCall.idempotencyKey).toBeTruthy();
    expect(customerCall.idempotencyKey).toBeTruthy();

    const pricing = await inject(t.app, { method: 'GET', url: `/api/subscription-pricing/${created.subscriptionId}`, cookie });
    expect(pricing.statusCode).toBe(200);
    expect(pricing.json()).toEqual({ subtotal: 9999, tax: 600, total: 10599, currency: 'usd' });

    // Not paid yet: nothing granted.
    expect((await me(cookie)).isPremium).toBe(false);
    expect(await info(cookie)).toEqual({ subscriptionLevel: 'free', subscriptionPeriod: null, nextBillingDate: null, cancelAtPeriodEnd: false });
    expect((await rowOf(created.subscriptionId)).subscriptionStatus).toBe('incomplete');

    expect(await t.stripe.pay(created.subscriptionId)).toEqual({ ok: true, message: undefined });

    const after = await me(cookie);
    expect(after).toMatchObject({ appUserType: 'subscriber', isPremium: true });
    const summary = await info(cookie);
    expect(summary).toMatchObject({ subscriptionLevel: 'premium', subscriptionPeriod: 'yearly', cancelAtPeriodEnd: false });
    expect(new Date(summary.nextBillingDate).getTime()).toBeGreaterThan(Date.now() + 360 * DAY);
    const row = await rowOf(created.subscriptionId);
    expect(row).toMatchObject({
      userId: user.id,
      stripeCustomerId: created.customerId,
      subscriptionLevel: 'premium',
      subscriptionPeriod: 'yearly',
      subscriptionStatus: 'active',
      amount: 9999,
      currency: 'usd',
      cancelAtPeriodEnd: false,
    });
    expect(row.stripeInvoiceId).toMatch(/^in_/);
    expect(row.stripePaymentIntentId).toBe(created.clientSecret.split('_secret_')[0]);

    // Signing in again says Premium at once (the sign-in answer is what the browser caches).
    const signIn = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload: { email: user.email, password: 'correct horse battery' } });
    expect(signIn.json().user).toMatchObject({ appUserType: 'subscriber', isPremium: true });

    // Premium is real on the server: the chat usage says unlimited.
    const usage = (await inject(t.app, { method: 'GET', url: '/api/chat/usage', cookie })).json();
    expect(usage).toMatchObject({ isPremium: true, interactionsLimit: -1 });

    // Nothing more to buy.
    const again = await inject(t.app, { method: 'POST', url: '/api/create-embedded-subscription', cookie, payload: { period: 'monthly', address } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('conflict:already_premium');
  });

  it('a double click or a retried request makes one subscription, not two', async () => {
    const { user, cookie } = await signUpVerifiedUser(t);
    const [a, b] = await Promise.all([startCheckout(t, cookie), startCheckout(t, cookie)]);
    expect(a.subscriptionId).toBe(b.subscriptionId);
    const c = await startCheckout(t, cookie);
    expect(c.subscriptionId).toBe(a.subscriptionId);
    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows).toHaveLength(1);
    const stripeSubs = t.stripe.subscriptionIds().filter((id) => (t.stripe.subscription(id)!.metadata as { userId: string }).userId === user.id);
    expect(stripeSubs).toEqual([a.subscriptionId]);
  });

  it('a declined first payment grants nothing, and the card error is Stripe\'s own message', async () => {
    const { cookie } = await signUpVerifiedUser(t);
    const created = await startCheckout(t, cookie);
    expect(await t.stripe.pay(created.subscriptionId, '4000000000009995')).toEqual({ ok: false, message: 'Your card has insufficient funds.' });
    expect((await me(cookie)).isPremium).toBe(false);
    expect((await rowOf(created.subscriptionId)).subscriptionStatus).toBe('incomplete');
    // A second card works.
    expect((await t.stripe.pay(created.subscriptionId)).ok).toBe(true);
    expect((await me(cookie)).isPremium).toBe(true);
  });

  it('the subscription info re-reads a paid checkout from Stripe when the webhook is late', async () => {
    const { cookie } = await signUpVerifiedUser(t);
    const created = await startCheckout(t, cookie);
    t.stripe.autoDeliver = false;
    try {
      await t.stripe.pay(created.subscriptionId);
      expect((await me(cookie)).isPremium).toBe(false);
      expect(await info(cookie)).toMatchObject({ subscriptionLevel: 'premium', subscriptionPeriod: 'monthly' });
      expect((await me(cookie)).isPremium).toBe(true);
    } finally {
      t.stripe.held.length = 0;
      t.stripe.autoDeliver = true;
    }
  });
});

describe('leaving checkout unpaid and changing plans', () => {
  it('cancel-incomplete ends the waiting subscription so it can never be paid; a new checkout starts fresh', async () => {
    const { user, cookie } = await signUpVerifiedUser(t);
    const first = await startCheckout(t, cookie, 'monthly');
    const cancelled = await inject(t.app, { method: 'POST', url: '/api/cancel-incomplete-subscription', cookie, payload: { subscriptionId: first.subscriptionId } });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ message: 'Checkout cancelled' });
    expect(t.stripe.subscription(first.subscriptionId)!.status).toBe('incomplete_expired');
    expect((await rowOf(first.subscriptionId)).subscriptionStatus).toBe('incomplete_expired');

    // Again (the page leaves twice): still fine.
    const twice = await inject(t.app, { method: 'POST', url: '/api/cancel-incomplete-subscription', cookie, payload: { subscriptionId: first.subscriptionId } });
    expect(twice.statusCode).toBe(200);

    const second = await startCheckout(t, cookie, 'monthly');
    expect(second.subscriptionId).not.toBe(first.subscriptionId);
    expect(second.customerId).toBe(first.customerId);
    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows.map((r) => r.subscriptionStatus).sort()).toEqual(['incomplete', 'incomplete_expired']);
  });

  it('starting a checkout for the other plan abandons the open one first', async () => {
    const { cookie } = await signUpVerifiedUser(t);
    const monthly = await startCheckout(t, cookie, 'monthly');
    const yearly = await startCheckout(t, cookie, 'yearly');
    expect(yearly.subscriptionId).not.toBe(monthly.subscriptionId);
    expect(t.stripe.subscription(monthly.subscriptionId)!.status).toBe('incomplete_expired');
  });

  it('a paid subscription cannot be abandoned as incomplete', async () => {
    const { cookie } = await signUpVerifiedUser(t);
    const created = await startCheckout(t, cookie);
    await t.stripe.pay(created.subscriptionId);
    const response = await inject(t.app, { method: 'POST', url: '/api/cancel-incomplete-subscription', cookie, payload: { subscriptionId: created.subscriptionId } });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('conflict:subscription_paid');
    expect((await me(cookie)).isPremium).toBe(true);
  });

  it('monthly to yearly changes the price now and prorates the difference', async () => {
    const { cookie } = await signUpVerifiedUser(t);
    const created = await startCheckout(t, cookie, 'monthly');
    await t.stripe.pay(created.subscriptionId);
    const response = await inject(t.app, { method: 'POST', url: '/api/change-subscription-period', cookie, payload: { period: 'yearly' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subscriptionLevel: 'premium', subscriptionPeriod: 'yearly', message: expect.stringContaining('Yearly') });
    const update = t.stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${created.subscriptionId}`).at(-1)!;
    expect(update.body).toMatchObject({ items: [{ price: 'price_yearly_fake' }], proration_behavior: 'always_invoice' });
    expect(update.idempotencyKey).toBeTruthy();
    expect(await rowOf(created.subscriptionId)).toMatchObject({ subscriptionPeriod: 'yearly', amount: 9999, subscriptionStatus: 'active' });
    expect(new Date((await info(cookie)).nextBillingDate).getTime()).toBeGreaterThan(Date.now() + 360 * DAY);

    const same = await inject(t.app, { method: 'POST', url: '/api/change-subscription-period', cookie, payload: { period: 'yearly' } });
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe('conflict:same_period');
  });
});

describe('cancelling at period end, renewal, expiry', () => {
  async function paidSubscriber() {
    const signedUp = await signUpVerifiedUser(t);
    const created = await startCheckout(t, signedUp.cookie);
    await t.stripe.pay(created.subscriptionId);
    return { ...signedUp, subscriptionId: created.subscriptionId };
  }

  it('Cancel Subscription keeps Premium to the period end, shows Expires On, then the account returns to free with its history', async () => {
    const { user, cookie, subscriptionId } = await paidSubscriber();
    const response = await inject(t.app, { method: 'POST', url: '/api/cancel-subscription', cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toMatch(/^Your subscription has been cancelled\. Premium stays active until \w+ \d{1,2}, \d{4}\.$/);
    expect(body.cancelAtPeriodEnd).toBe(true);
    expect(t.stripe.subscription(subscriptionId)!.cancel_at_period_end).toBe(true);
    expect(await info(cookie)).toMatchObject({ subscriptionLevel: 'premium', cancelAtPeriodEnd: true, nextBillingDate: body.nextBillingDate });
    expect((await me(cookie)).isPremium).toBe(true);

    const again = await inject(t.app, { method: 'POST', url: '/api/cancel-subscription', cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Your subscription is already cancelled and ends at the close of this billing period.', code: 'conflict:subscription_cancelled' });

    // A conversation made while Premium stays after the period ends.
    const session = await inject(t.app, { method: 'POST', url: '/api/chat-sessions', cookie, payload: { executiveRole: 'COO', industry: 'Energy' } });
    expect(session.statusCode).toBe(201);

    await t.stripe.renew(subscriptionId); // the period ends: Stripe ends the subscription
    expect(await me(cookie)).toMatchObject({ appUserType: 'standard', isPremium: false });
    expect(await info(cookie)).toEqual({ subscriptionLevel: 'free', subscriptionPeriod: null, nextBillingDate: null, cancelAtPeriodEnd: false });
    expect((await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.json().id}`, cookie })).statusCode).toBe(200);
    expect((await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.appUserType).toBe('standard');
  });

  it('the period end decides even before Stripe says so: a cancelled subscription past its end is not Premium', async () => {
    const { cookie, subscriptionId } = await paidSubscriber();
    await inject(t.app, { method: 'POST', url: '/api/cancel-subscription', cookie });
    // The webhooks of the cancellation first: the last one would write Stripe's period end back.
    await t.stripe.idle();
    await t.database.db
      .update(payments)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(payments.stripeSubscriptionId, subscriptionId));
    expect((await me(cookie)).isPremium).toBe(false);
  });

  it('a renewal is paid and e-mailed; a declined renewal is e-mailed, Premium holds while Stripe retries, and ends when Stripe gives up', async () => {
    const { user, cookie, subscriptionId } = await paidSubscriber();
    // Billing mail only (the signup's verification e-mail went to the same address).
    const mailTo = () => t.mail.messages.filter((m) => m.to.includes(user.email) && !m.subject.startsWith('Verify your email'));
    const before = await rowOf(subscriptionId);

    await t.stripe.renew(subscriptionId, 'paid');
    const renewed = await rowOf(subscriptionId);
    expect(renewed.currentPeriodStart!.getTime()).toBe(before.currentPeriodEnd!.getTime());
    expect((await me(cookie)).isPremium).toBe(true);
    expect(mailTo().map((m) => m.subject)).toEqual(['Your Corner Office Premium subscription has renewed']);
    expect(mailTo()[0]!.text).toContain('We charged $10.59 to your card.');
    expect(mailTo()[0]!.text).toContain(`Your next billing date is ${new Date(renewed.currentPeriodEnd!).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}.`);

    await t.stripe.renew(subscriptionId, 'declined');
    expect((await rowOf(subscriptionId)).subscriptionStatus).toBe('past_due');
    expect((await me(cookie)).isPremium).toBe(true);
    const failed = mailTo()[1]!;
    expect(failed.subject).toBe('Action needed: your Corner Office payment failed');
    expect(failed.text).toContain('We could not take the payment of $10.59');
    expect(failed.text).toMatch(/To pay now with another card, open: https:\/\/invoice\.stripe\.test\/i\/in_\w+/);

    await t.stripe.giveUp(subscriptionId);
    expect(await me(cookie)).toMatchObject({ appUserType: 'standard', isPremium: false });
    expect(mailTo()).toHaveLength(2);
  });
});

describe('account deletion', () => {
  it('cancelSubscriptionsForDeletedAccount ends the live subscription and any waiting checkout at once', async () => {
    const { user, cookie } = await signUpVerifiedUser(t);
    const paid = await startCheckout(t, cookie);
    await t.stripe.pay(paid.subscriptionId);
    const billing = t.config.billing;
    if (!billing.enabled) throw new Error('billing is configured in this file');
    const deps = {
      db: t.database.db,
      config: t.config,
      mailer: { send: async () => {}, background() {}, close: async () => {} },
      log: t.app.log,
      sessionCache: { invalidateUser() {} } as never,
      gateway: createStripeGateway({ secretKey: billing.secretKey, webhookSecret: billing.webhookSecret, apiUrl: billing.apiUrl }),
    };
    await cancelSubscriptionsForDeletedAccount(deps, user.id);
    await t.stripe.idle();
    expect(t.stripe.subscription(paid.subscriptionId)!.status).toBe('canceled');
    expect(await rowOf(paid.subscriptionId)).toMatchObject({ subscriptionStatus: 'canceled', subscriptionLevel: 'free' });
    expect((await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.appUserType).toBe('standard');
    // Nothing to do the second time.
    await cancelSubscriptionsForDeletedAccount(deps, user.id);
  });
});

describe('an account an admin disables', () => {
  it('is charged no more: its subscription stops renewing and an unpaid checkout is cancelled; asking again changes nothing', async () => {
    const admin = await signUpVerifiedUser(t);
    await t.database.db.update(users).set({ appUserType: 'admin' }).where(eq(users.id, admin.user.id));
    const disable = (id: string) => inject(t.app, { method: 'PATCH', url: `/api/admin/users/${id}`, cookie: admin.cookie, payload: { disabled: true } });

    const subscriber = await signUpVerifiedUser(t);
    const paid = await startCheckout(t, subscriber.cookie);
    await t.stripe.pay(paid.subscriptionId);
    const unpaidBuyer = await signUpVerifiedUser(t);
    const unpaid = await startCheckout(t, unpaidBuyer.cookie);

    expect((await disable(subscriber.user.id)).statusCode).toBe(200);
    expect(t.stripe.subscription(paid.subscriptionId)!.cancel_at_period_end).toBe(true);
    expect((await rowOf(paid.subscriptionId)).cancelAtPeriodEnd).toBe(true);
    expect((await disable(unpaidBuyer.user.id)).statusCode).toBe(200);
    // Stripe ends a cancelled subscription that never had its first payment as incomplete_expired.
    expect(t.stripe.subscription(unpaid.subscriptionId)!.status).toBe('incomplete_expired');

    // Stripe is asked to change a subscription once per disabled account (webhooks may still read them meanwhile).
    const changes = () => t.stripe.requests.filter((r) => r.method !== 'GET' && r.path.startsWith('/v1/subscriptions/')).length;
    const changesBefore = changes();
    expect((await disable(subscriber.user.id)).statusCode).toBe(200);
    expect(changes()).toBe(changesBefore);
  });
});
