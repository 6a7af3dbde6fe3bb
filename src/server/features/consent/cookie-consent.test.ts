import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';

const t = useTestApp();

describe('/api/cookie-consent', () => {
  it('is null until the user chooses, then returns the choice with its date, also through /api/auth/me', async () => {
    const { user, cookie } = await t.signIn();
    const before = await inject(t.app, { method: 'GET', url: '/api/cookie-consent', cookie });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ cookiesAccepted: null, cookieConsentDate: null });

    const started = Date.now();
    const accepted = await inject(t.app, { method: 'POST', url: '/api/cookie-consent', payload: { cookiesAccepted: true }, cookie });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().cookiesAccepted).toBe(true);
    expect(new Date(accepted.json().cookieConsentDate).getTime()).toBeGreaterThanOrEqual(started - 1000);

    const after = await inject(t.app, { method: 'GET', url: '/api/cookie-consent', cookie });
    expect(after.json()).toEqual(accepted.json());
    const me = await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie });
    expect(me.json()).toMatchObject({ cookiesAccepted: true, cookieConsentDate: accepted.json().cookieConsentDate });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.cookiesAccepted).toBe(true);
    expect(row!.cookieConsentDate).toBeInstanceOf(Date);
  });

  it('records Essential Only as false and lets the user change their mind, moving the date', async () => {
    const { cookie } = await t.signIn();
    const first = await inject(t.app, { method: 'POST', url: '/api/cookie-consent', payload: { cookiesAccepted: true }, cookie });
    // A change of mind is dated when it is made: let the clock move past the first choice.
    await waitFor(() => Date.now() > new Date(first.json().cookieConsentDate).getTime(), 'the clock to move on');
    const second = await inject(t.app, { method: 'POST', url: '/api/cookie-consent', payload: { cookiesAccepted: false }, cookie });
    expect(second.json().cookiesAccepted).toBe(false);
    expect(new Date(second.json().cookieConsentDate).getTime()).toBeGreaterThan(new Date(first.json().cookieConsentDate).getTime());
    const read = await inject(t.app, { method: 'GET', url: '/api/cookie-consent', cookie });
    expect(read.json().cookiesAccepted).toBe(false);
  });

  it("changes only the signed-in user's own choice", async () => {
    const alice = await t.signIn();
    const bob = await t.signIn();
    await inject(t.app, { method: 'POST', url: '/api/cookie-consent', payload: { cookiesAccepted: true }, cookie: alice.cookie });
    const bobs = await inject(t.app, { method: 'GET', url: '/api/cookie-consent', cookie: bob.cookie });
    expect(bobs.json().cookiesAccepted).toBeNull();
  });

  it('answers 401 to visitors, for reading and for writing', async () => {
    const read = await inject(t.app, { method: 'GET', url: '/api/cookie-consent' });
    expect(read.statusCode).toBe(401);
    expect(read.json()).toEqual({ error: 'Not signed in', code: 'unauthorized:auth' });
    const write = await inject(t.app, { method: 'POST', url: '/api/cookie-consent', payload: { cookiesAccepted: true } });
    expect(write.statusCode).toBe(401);
    const stale = await inject(t.app, { method: 'GET', url: '/api/cookie-consent', cookie: `${t.config.session.cookieName}=not-a-real-session` });
    expect(stale.statusCode).toBe(401);
  });

  it.each([[{}], [{ cookiesAccepted: 'true' }], [{ cookiesAccepted: 1 }], [{ cookiesAccepted: null }]])('answers 400 to the bad body %o', async (payload) => {
    const { cookie } = await t.signIn();
    const response = await inject(t.app, { method: 'POST', url: '/api/cookie-consent', payload, cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'cookiesAccepted: cookiesAccepted must be true or false', code: 'bad_request:validation' });
    const read = await inject(t.app, { method: 'GET', url: '/api/cookie-consent', cookie });
    expect(read.json().cookiesAccepted).toBeNull();
  });

  it('refuses a cross-site change', async () => {
    const { cookie } = await t.signIn();
    const response = await inject(t.app, {
      method: 'POST',
      url: '/api/cookie-consent',
      payload: { cookiesAccepted: true },
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });
});
