import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingTestApp, type BillingTestApp } from '#tests/helpers/billing-app.ts';
import { createTestApp, inject, signUpUser, type TestApp } from '#tests/helpers/test-app.ts';

let t: BillingTestApp;

beforeAll(async () => {
  t = await createBillingTestApp();
});
afterAll(async () => {
  await t.close();
});

// Who may call each billing route: src/server/security/authorization-matrix.test.ts.

const address = { name: 'Grace Hopper', line1: '2 Navy Way', city: 'Arlington', state: 'VA', postalCode: '22201', country: 'US' };

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
    expect((await inject(plain.app, { method: 'GET', url: '/chat' })).headers['content-security-policy']).not.toMatch(/stripe/);

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
