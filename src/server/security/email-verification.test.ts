import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { address, createBillingTestApp, startCheckout, type BillingTestApp } from '#tests/helpers/billing-app.ts';
import { inject, signUpUser, signUpVerifiedUser } from '#tests/helpers/test-app.ts';

/** Issue 9, point 2 (decision 017): a verification link by mail, and nothing sensitive before it is followed. */
let t: BillingTestApp;

beforeAll(async () => {
  t = await createBillingTestApp({ PUBLIC_URL: 'https://app.example.com', ADMIN_EMAILS: 'ops@example.com' });
});
afterAll(async () => {
  await t.close();
});

const verification = 'Verify your email address for Corner Office';
const linkIn = (text: string) => /https:\/\/app\.example\.com\/verify-email\?token=([\w-]+)/.exec(text)?.[1];
const me = async (cookie: string) => (await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie })).json();
const verify = (token: string) => inject(t.app, { method: 'POST', url: '/api/auth/verify-email', payload: { token } });

// Cancelling is not among them: it is never gated on anything but the session (issue 29, point 2).
const billingChanges = [
  { method: 'POST' as const, url: '/api/create-embedded-subscription', payload: { period: 'monthly', address } },
  { method: 'POST' as const, url: '/api/change-subscription-period', payload: { period: 'yearly' } },
];

describe('a new account', () => {
  it('is mailed a link on the public origin whatever the Host header, may not change billing until it follows it, then may', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      payload: { firstName: 'Vera', lastName: 'Fied', email: 'vera@example.com', password: 'correct horse battery' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.emailVerified).toBe(false);
    const cookie = `${t.config.session.cookieName}=${response.cookies.find((c) => c.name === t.config.session.cookieName)!.value}`;

    const mail = await t.mail.waitFor('vera@example.com', { subject: verification });
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    const token = linkIn(mail.text)!;
    expect(token).toBeTruthy();

    for (const call of billingChanges) {
      const refused = await inject(t.app, { ...call, cookie });
      expect({ url: call.url, status: refused.statusCode, body: refused.json() }).toEqual({
        url: call.url,
        status: 403,
        body: { error: 'Please verify your email address first: open the link we emailed you, or resend it from the banner.', code: 'forbidden:unverified' },
      });
    }
    expect(t.stripe.requests.filter((r) => r.path.includes('subscriptions'))).toEqual([]);

    // The link works signed out (another device), once.
    expect((await verify(token)).json()).toEqual({ message: 'Your email address is verified. Thank you!' });
    expect((await me(cookie)).emailVerified).toBe(true);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'This verification link is invalid or has expired. Sign in and use "Resend email" to get a new one.', code: 'bad_request:verification_token' });

    const checkout = await inject(t.app, { ...billingChanges[0]!, cookie });
    expect(checkout.statusCode).toBe(200);
  });

  it('never stands between a subscriber and Cancel: an unverified address (after an e-mail change) cancels', async () => {
    const { user, cookie } = await signUpVerifiedUser(t);
    const created = await startCheckout(t, cookie);
    await t.stripe.pay(created.subscriptionId);
    // What an e-mail change leaves: a subscriber whose new address is not verified yet.
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
    expect((await me(cookie)).emailVerified).toBe(false);

    const cancelled = await inject(t.app, { method: 'POST', url: '/api/cancel-subscription', cookie });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().cancelAtPeriodEnd).toBe(true);
    expect(t.stripe.subscription(created.subscriptionId)!.cancel_at_period_end).toBe(true);
  });

  it('of an ADMIN_EMAILS address becomes admin when the link is followed, not before', async () => {
    const { cookie } = await signUpUser(t.app, t.config, { email: 'OPS@example.com' });
    expect(await me(cookie)).toMatchObject({ appUserType: 'standard', emailVerified: false });
    const token = linkIn((await t.mail.waitFor('ops@example.com', { subject: verification })).text)!;
    await verify(token);
    expect(await me(cookie)).toMatchObject({ appUserType: 'admin', emailVerified: true });
  });

  it('can have the link resent at most once a minute; only the newest link works, for 48 hours', async () => {
    const { user, cookie } = await signUpUser(t.app, t.config);
    const first = linkIn((await t.mail.waitFor(user.email, { subject: verification })).text)!;

    // The signup just sent one.
    const tooSoon = await inject(t.app, { method: 'POST', url: '/api/auth/resend-verification', cookie });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({ error: 'We just sent you a verification email. Please wait a minute before asking for another.', code: 'rate_limit:verification' });
    expect((await inject(t.app, { method: 'POST', url: '/api/auth/resend-verification' })).statusCode).toBe(401);

    await t.database.db.update(users).set({ emailVerificationSentAt: new Date(Date.now() - 61_000) }).where(eq(users.id, user.id));
    const sent = t.mail.messages.length;
    // Two at once: one e-mail.
    const resent = await Promise.all([1, 2].map(() => inject(t.app, { method: 'POST', url: '/api/auth/resend-verification', cookie })));
    expect(resent.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(resent.find((r) => r.statusCode === 200)!.json()).toEqual({ message: 'We sent a new verification link. Please check your inbox.' });
    await expect.poll(() => t.mail.messages.length).toBe(sent + 1);
    const second = linkIn(t.mail.messages.at(-1)!.text)!;
    expect(second).not.toBe(first);

    expect((await verify(first)).statusCode).toBe(400);
    await t.database.db.update(users).set({ emailVerificationSentAt: new Date(Date.now() - 49 * 60 * 60 * 1000) }).where(eq(users.id, user.id));
    expect((await verify(second)).statusCode).toBe(400);
    expect((await me(cookie)).emailVerified).toBe(false);
    await t.database.db.update(users).set({ emailVerificationSentAt: new Date(Date.now() - 47 * 60 * 60 * 1000) }).where(eq(users.id, user.id));
    expect((await verify(second)).statusCode).toBe(200);

    // Verified: a resend says so and sends nothing.
    const done = await inject(t.app, { method: 'POST', url: '/api/auth/resend-verification', cookie });
    expect(done.json()).toEqual({ message: 'Your email address is verified. Thank you!' });
  });

  it('is verified by following a password-reset link too (the same mailbox)', async () => {
    const { user, cookie } = await signUpUser(t.app, t.config);
    await inject(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const token = /token=([\w-]+)/.exec((await t.mail.waitFor(user.email, { subject: 'Reset your' })).text)![1]!;
    expect((await inject(t.app, { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'a new long secret' } })).statusCode).toBe(200);
    const signIn = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload: { email: user.email, password: 'a new long secret' } });
    expect(signIn.json().user.emailVerified).toBe(true);
    expect(cookie).toBeTruthy();
  });
});
