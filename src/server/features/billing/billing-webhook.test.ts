import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, stripeEvents } from '#server/db/schema.ts';
import { createBillingTestApp, postWebhook, startCheckout, type BillingTestApp } from '#tests/helpers/billing-app.ts';
import { createTestApp, inject, signUpVerifiedUser } from '#tests/helpers/test-app.ts';

let t: BillingTestApp;

beforeAll(async () => {
  t = await createBillingTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = async (cookie: string) => (await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie })).json();
const rowOf = async (subscriptionId: string) => (await t.database.db.select().from(payments).where(eq(payments.stripeSubscriptionId, subscriptionId)))[0]!;

/** Runs `work` with webhooks held back, and returns the events it produced (in Stripe's order). */
async function holding(work: () => Promise<unknown>) {
  await t.stripe.idle();
  const from = t.stripe.held.length;
  t.stripe.autoDeliver = false;
  try {
    await work();
  } finally {
    t.stripe.autoDeliver = true;
  }
  return t.stripe.held.splice(from);
}

describe('POST /api/stripe/webhook', () => {
  it('refuses a missing or wrong signature, and a body changed after signing', async () => {
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'customer.subscription.updated', data: { object: { object: 'subscription', id: 'sub_x' } } });
    const unsigned = await postWebhook(t, payload, undefined);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toEqual({ error: 'Webhook signature verification failed', code: 'bad_request:webhook_signature' });

    const wrongSecret = new Stripe('sk_test_other').webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    expect((await postWebhook(t, payload, wrongSecret)).statusCode).toBe(400);

    const signed = new Stripe('sk_test_other').webhooks.generateTestHeaderString({ payload, secret: t.stripe.webhookSecret });
    expect((await postWebhook(t, payload.replace('sub_x', 'sub_y'), signed)).statusCode).toBe(400);
    expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_forged'))).toEqual([]);
  });

  it('duplicated, replayed and reordered events leave one correct state, and each event is recorded once', async () => {
    const { cookie } = await signUpVerifiedUser(t);
    let created!: { subscriptionId: string };
    const events = await holding(async () => {
      created = await startCheckout(t, cookie);
      await t.stripe.pay(created.subscriptionId);
    });
    expect(events.map((e) => e.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'customer.subscription.updated']);

    // Newest first, then everything again twice over, some in parallel.
    for (const event of [...events].reverse()) expect(await t.stripe.deliver(event)).toBe(200);
    expect((await rowOf(created.subscriptionId)).subscriptionStatus).toBe('active');
    const statuses = await Promise.all([...events, ...events].map((event) => t.stripe.deliver(event)));
    expect(statuses.every((s) => s === 200)).toBe(true);

    expect((await me(cookie)).isPremium).toBe(true);
    const recorded = await t.database.db.select().from(stripeEvents);
    for (const event of events) expect(recorded.filter((r) => r.id === event.id)).toHaveLength(1);
    expect(await t.database.db.select().from(payments).where(eq(payments.stripeSubscriptionId, created.subscriptionId))).toHaveLength(1);
  });

  it('an old event delivered after a newer change does not undo it (the subscription is read again from Stripe)', async () => {
    const { cookie } = await signUpVerifiedUser(t);
    const created = await startCheckout(t, cookie);
    const paidEvents = await holding(() => t.stripe.pay(created.subscriptionId));
    // The browser's return from the payment re-reads the subscription, so the account is Premium before any webhook.
    expect((await inject(t.app, { method: 'GET', url: '/api/auth/subscription-info', cookie })).json().subscriptionLevel).toBe('premium');
    const cancelEvents = await holding(() => inject(t.app, { method: 'POST', url: '/api/cancel-subscription', cookie }));
    // The 'updated' event of the payment says cancel_at_period_end: false; it arrives last.
    for (const event of [...cancelEvents, ...paidEvents]) expect(await t.stripe.deliver(event)).toBe(200);
    expect(await rowOf(created.subscriptionId)).toMatchObject({ subscriptionStatus: 'active', cancelAtPeriodEnd: true });
  });

  it('an event about a subscription that is not ours is acknowledged and ignored', async () => {
    const payload = JSON.stringify({ id: 'evt_foreign', object: 'event', type: 'customer.subscription.updated', data: { object: { object: 'subscription', id: 'sub_unknown123' } } });
    const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: t.stripe.webhookSecret });
    const response = await postWebhook(t, payload, signature);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
  });

  it('answers 5xx when Stripe cannot be reached, so Stripe sends the event again, and applies it when it does', async () => {
    const { cookie } = await signUpVerifiedUser(t);
    const created = await startCheckout(t, cookie);
    const [paid] = (await holding(() => t.stripe.pay(created.subscriptionId))).filter((e) => e.type === 'invoice.paid');
    const signature = t.stripe.webhookSecret;
    const broken = await createTestApp(
      { STRIPE_SECRET_KEY: t.stripe.secretKey, STRIPE_PUBLISHABLE_KEY: t.stripe.publishableKey, STRIPE_WEBHOOK_SECRET: signature, STRIPE_API_URL: 'http://127.0.0.1:9' },
      { database: t.database },
    );
    try {
      const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload: paid!.payload, secret: signature });
      const failed = await postWebhook(broken, paid!.payload, header);
      expect(failed.statusCode).toBe(502);
      expect(failed.json().code).toBe('billing:provider');
      expect((await me(cookie)).isPremium).toBe(false);
    } finally {
      await broken.close();
    }
    expect(await t.stripe.deliver(paid!)).toBe(200);
    expect((await me(cookie)).isPremium).toBe(true);
  });
});
