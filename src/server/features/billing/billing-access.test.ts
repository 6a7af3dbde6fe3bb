import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { createBillingTestApp, startCheckout, type BillingTestApp } from '#tests/helpers/billing-app.ts';
import { createTestApp, inject, signUpUser, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Who may call each billing route (one table, ready to move into the generated authorization
 * matrix): anonymous, another standard user, another Premium user, the owner of the subscription
 * the call names, and an admin. Someone else's subscription answers 404, as if it did not exist.
 */
type Actor = 'anonymous' | 'standard' | 'premium' | 'admin' | 'owner';
type Request = { method: 'GET' | 'POST'; url: (ownerSubscriptionId: string) => string; payload?: (ownerSubscriptionId: string) => unknown };

const address = { name: 'Grace Hopper', line1: '2 Navy Way', city: 'Arlington', state: 'VA', postalCode: '22201', country: 'US' };

const matrix: Array<{ route: string; request: Request; expected: Record<Actor, number> }> = [
  {
    route: 'GET /api/stripe-config',
    request: { method: 'GET', url: () => '/api/stripe-config' },
    expected: { anonymous: 200, standard: 200, premium: 200, admin: 200, owner: 200 },
  },
  {
    route: 'GET /api/auth/subscription-info',
    request: { method: 'GET', url: () => '/api/auth/subscription-info' },
    expected: { anonymous: 401, standard: 200, premium: 200, admin: 200, owner: 200 },
  },
  {
    route: 'POST /api/create-embedded-subscription',
    request: { method: 'POST', url: () => '/api/create-embedded-subscription', payload: () => ({ period: 'yearly', address }) },
    // Premium and admin accounts have nothing to buy; the owner's open checkout is replaced by the yearly one.
    expected: { anonymous: 401, standard: 200, premium: 409, admin: 409, owner: 200 },
  },
  {
    route: 'GET /api/subscription-pricing/:subscriptionId',
    request: { method: 'GET', url: (id) => `/api/subscription-pricing/${id}` },
    expected: { anonymous: 401, standard: 404, premium: 404, admin: 404, owner: 200 },
  },
  {
    route: 'POST /api/cancel-incomplete-subscription',
    request: { method: 'POST', url: () => '/api/cancel-incomplete-subscription', payload: (id) => ({ subscriptionId: id }) },
    expected: { anonymous: 401, standard: 404, premium: 404, admin: 404, owner: 200 },
  },
  {
    route: 'POST /api/cancel-subscription',
    request: { method: 'POST', url: () => '/api/cancel-subscription' },
    // Acts on the caller's own subscription: only a paying account has one.
    expected: { anonymous: 401, standard: 404, premium: 200, admin: 404, owner: 404 },
  },
  {
    route: 'POST /api/change-subscription-period',
    request: { method: 'POST', url: () => '/api/change-subscription-period', payload: () => ({ period: 'yearly' }) },
    expected: { anonymous: 401, standard: 404, premium: 200, admin: 404, owner: 404 },
  },
  {
    route: 'POST /api/stripe/webhook (unsigned)',
    request: { method: 'POST', url: () => '/api/stripe/webhook', payload: () => ({ id: 'evt_1', type: 'invoice.paid' }) },
    expected: { anonymous: 400, standard: 400, premium: 400, admin: 400, owner: 400 },
  },
];

let t: BillingTestApp;

beforeAll(async () => {
  t = await createBillingTestApp();
});
afterAll(async () => {
  await t.close();
});

async function actors(): Promise<{ cookies: Record<Actor, string | undefined>; ownerSubscriptionId: string }> {
  const standard = await signUpUser(t.app, t.config);
  const premium = await signUpUser(t.app, t.config);
  await t.stripe.pay((await startCheckout(t, premium.cookie)).subscriptionId);
  const admin = await signUpUser(t.app, t.config);
  await t.database.db.update(users).set({ appUserType: 'admin' }).where(eq(users.id, admin.user.id));
  const owner = await signUpUser(t.app, t.config);
  const { subscriptionId } = await startCheckout(t, owner.cookie);
  return { cookies: { anonymous: undefined, standard: standard.cookie, premium: premium.cookie, admin: admin.cookie, owner: owner.cookie }, ownerSubscriptionId: subscriptionId };
}

// The owner goes last: their call may change the subscription the others were refused.
const order: Actor[] = ['anonymous', 'standard', 'premium', 'admin', 'owner'];

describe('billing authorization matrix', () => {
  it.each(matrix)('$route', async ({ request, expected }) => {
    const { cookies, ownerSubscriptionId } = await actors();
    const got: Record<string, number> = {};
    for (const actor of order) {
      const response = await inject(t.app, {
        method: request.method,
        url: request.url(ownerSubscriptionId),
        cookie: cookies[actor],
        ...(request.payload ? { payload: request.payload(ownerSubscriptionId) as object } : {}),
      });
      got[actor] = response.statusCode;
    }
    expect(got).toEqual(expected);
  });
});

describe('with no Stripe configured (the fresh-machine default)', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain.close();
  });

  it('says payments are off, refuses every payment call with a clear code, and the CSP allows no Stripe origin', async () => {
    const config = await inject(plain.app, { method: 'GET', url: '/api/stripe-config' });
    expect(config.json()).toEqual({ publicKey: null, jsUrl: null });
    expect(config.headers['content-security-policy']).not.toMatch(/stripe/);

    const { cookie } = await signUpUser(plain.app, plain.config);
    const calls = [
      { method: 'POST' as const, url: '/api/create-embedded-subscription', payload: { period: 'monthly', address } },
      { method: 'GET' as const, url: '/api/subscription-pricing/sub_123' },
      { method: 'POST' as const, url: '/api/cancel-incomplete-subscription', payload: { subscriptionId: 'sub_123' } },
      { method: 'POST' as const, url: '/api/cancel-subscription' },
      { method: 'POST' as const, url: '/api/change-subscription-period', payload: { period: 'yearly' } },
      { method: 'POST' as const, url: '/api/stripe/webhook', payload: { id: 'evt_1' } },
    ];
    for (const call of calls) {
      const response = await inject(plain.app, { ...call, cookie });
      expect({ url: call.url, status: response.statusCode, body: response.json() }).toEqual({
        url: call.url,
        status: 503,
        body: { error: 'Payments are not set up on this server.', code: 'unavailable:billing' },
      });
    }
    // Everything else works: the account is free, and says so.
    expect((await inject(plain.app, { method: 'GET', url: '/api/auth/subscription-info', cookie })).json()).toEqual({
      subscriptionLevel: 'free',
      subscriptionPeriod: null,
      nextBillingDate: null,
      cancelAtPeriodEnd: false,
    });
    expect((await inject(plain.app, { method: 'POST', url: '/api/chat-sessions', cookie, payload: { executiveRole: 'CEO', industry: 'Energy' } })).statusCode).toBe(201);
  });

  it('validates ids and addresses before anything else', async () => {
    const { cookie } = await signUpUser(t.app, t.config);
    const badId = await inject(t.app, { method: 'GET', url: '/api/subscription-pricing/not-a-subscription', cookie });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toBe('subscriptionId: Not a valid subscription id');
    const noState = await inject(t.app, { method: 'POST', url: '/api/create-embedded-subscription', cookie, payload: { period: 'monthly', address: { ...address, state: '' } } });
    expect(noState.statusCode).toBe(400);
    expect(noState.json().error).toBe('address.state: Please enter your state or province');
    const badPeriod = await inject(t.app, { method: 'POST', url: '/api/create-embedded-subscription', cookie, payload: { period: 'lifetime', address } });
    expect(badPeriod.statusCode).toBe(400);
  });
});
