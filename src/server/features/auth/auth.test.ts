import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages, authResponses } from '#contract/auth.ts';
import { sessions, users } from '#server/db/schema.ts';
import { cookieChoiceScriptSource } from '#server/plugins/security-headers.ts';
import { createTestApp, inject, sessionCookieOf, signUpUser, uniqueEmail, validSignup } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const t = useTestApp({ ADMIN_EMAILS: 'boss@example.com, Ops@Example.com', PUBLIC_URL: 'https://app.example.com' }, { smtp: true });

const resetLinkIn = (text: string) => /https:\/\/app\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('POST /api/auth/signup', () => {
  it('creates the account, signs it in and never returns the password', async () => {
    const email = uniqueEmail();
    const response = await inject(t.app, { method: 'POST', url: '/api/auth/signup', payload: validSignup(email) });
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace', appUserType: 'standard', numLogins: 1 });
    expect(user.password).toBeUndefined();
    expect(user.resetToken).toBeUndefined();
    const cookie = response.cookies.find((c) => c.name === t.config.session.cookieName)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie: sessionCookieOf(response, t.config) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);

    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.password).toMatch(/^\$argon2id\$/);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(session!.tokenHash).not.toBe(cookie.value);
    expect(session!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an e-mail that exists in another letter case', async () => {
    const email = uniqueEmail('Case');
    await signUpUser(t.app, t.config, { email });
    const again = await inject(t.app, { method: 'POST', url: '/api/auth/signup', payload: validSignup(email.toUpperCase()) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'An account with this email address already exists.', code: 'conflict:email' });
  });

  it('creates exactly one account from 20 parallel signups with the same e-mail', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inject(t.app, { method: 'POST', url: '/api/auth/signup', payload: validSignup(i % 2 ? email : email.toUpperCase()) }),
      ),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ firstName: 'A' }, `firstName: ${authMessages.firstNameMin}`],
    [{ lastName: 'B' }, `lastName: ${authMessages.lastNameMin}`],
    [{ email: 'not-an-email' }, `email: ${authMessages.emailInvalid}`],
    [{ password: 'short' }, `password: ${authMessages.passwordMin}`],
    [{ firstName: 42 }, `firstName: ${authMessages.firstNameMin}`],
  ])('answers 400 naming the field for %o', async (override, message) => {
    const response = await inject(t.app, { method: 'POST', url: '/api/auth/signup', payload: { ...validSignup(), ...override } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'bad_request:validation' });
  });

  it('makes an ADMIN_EMAILS account admin only once its mailbox is proven by a reset link, whatever the letter case', async () => {
    const { user } = await signUpUser(t.app, t.config, { email: 'OPS@example.com' });
    const before = await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie: (await signInCookie('ops@example.com', 'correct horse battery'))! });
    expect(before.json().appUserType).toBe('standard');
    await inject(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'ops@example.com' } });
    const token = resetLinkIn((await t.smtp.waitFor(user.email, { subject: 'Reset your' })).text)!;
    expect((await inject(t.app, { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'proven mailbox pw' } })).statusCode).toBe(200);
    const after = await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie: (await signInCookie('ops@example.com', 'proven mailbox pw'))! });
    expect(after.json().appUserType).toBe('admin');
  });
});

async function signInCookie(email: string, password: string, rememberMe = true) {
  const response = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload: { email, password, rememberMe } });
  return sessionCookieOf(response, t.config);
}

describe('POST /api/auth/signin', () => {
  it('signs in, counts the login and issues a new session each time', async () => {
    const { user, password } = await signUpUser(t.app, t.config);
    const first = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload: { email: user.email.toUpperCase(), password } });
    expect(first.statusCode).toBe(200);
    expect(first.json().user.numLogins).toBe(2);
    expect(first.json().user.lastLogin).not.toBeNull();
    const second = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload: { email: user.email, password } });
    expect(second.json().user.numLogins).toBe(3);
    expect(sessionCookieOf(first, t.config)).not.toBe(sessionCookieOf(second, t.config));
  });

  it('gives a 90-day cookie with "Stay signed in" and a browser-session cookie without it', async () => {
    const { user, password } = await signUpUser(t.app, t.config);
    const remembered = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload: { email: user.email, password, rememberMe: true } });
    const cookie = remembered.cookies.find((c) => c.name === t.config.session.cookieName)!;
    const days = ((cookie.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const short = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload: { email: user.email, password, rememberMe: false } });
    const shortCookie = short.cookies.find((c) => c.name === t.config.session.cookieName)!;
    expect(shortCookie.expires).toBeUndefined();
    expect(shortCookie.maxAge).toBeUndefined();
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.persistent, false)).limit(1);
    const hours = (row!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const { user } = await signUpUser(t.app, t.config);
    const wrong = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload: { email: user.email, password: 'wrong password' } });
    const unknown = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload: { email: uniqueEmail('ghost'), password: 'whatever1' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe('Invalid email or password.');
  });

  it('requires a password', async () => {
    const response = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload: { email: uniqueEmail(), password: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(`password: ${authMessages.passwordRequired}`);
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  // Issue 29, point 21 (decision 058): a visitor is no error; a session that ended is, once, and its cookie goes.
  it('answers a visitor without a session cookie 200 null, and a made-up or ended session 401 with the cookie cleared', async () => {
    const none = await inject(t.app, { method: 'GET', url: '/api/auth/me' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const forged = await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie: `${t.config.session.cookieName}=${'a'.repeat(43)}` });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: 'Not signed in', code: 'unauthorized:auth' });
    expect(forged.cookies.find((c) => c.name === t.config.session.cookieName)?.value).toBe('');
  });

  it('logout deletes the session on the server, so the old cookie stops working', async () => {
    const { cookie } = await signUpUser(t.app, t.config);
    const out = await inject(t.app, { method: 'POST', url: '/api/auth/logout', cookie });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: authResponses.loggedOut });
    const cleared = out.cookies.find((c) => c.name === t.config.session.cookieName)!;
    expect(cleared.value).toBe('');
    const me = await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie });
    expect(me.statusCode).toBe(401);
  });

  it('an expired session is refused', async () => {
    const { user, cookie } = await signUpUser(t.app, t.config);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    const me = await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie });
    expect(me.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const { user } = await signUpUser(t.app, t.config);
    const known = await inject(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const unknown = await inject(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: uniqueEmail('nobody') } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mail = await t.smtp.waitFor(user.email, { subject: 'Reset your' });
    expect(mail.subject).toBe('Reset your Corner Office password');
    expect(resetLinkIn(mail.text)).toBeTruthy();
  });

  it('resets once with the mailed token, ends every session, and the new password works', async () => {
    const { user, cookie } = await signUpUser(t.app, t.config);
    await inject(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const token = resetLinkIn((await t.smtp.waitFor(user.email, { subject: 'Reset your' })).text)!;
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.resetToken).not.toBe(token);
    const minutes = (row!.resetTokenExpires!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);

    const reset = await inject(t.app, { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'a brand new secret' } });
    expect(reset.statusCode).toBe(200);
    expect((await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(401);

    const again = await inject(t.app, { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'another new secret' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('bad_request:reset_token');

    expect(await signInCookie(user.email, 'correct horse battery')).toBeUndefined();
    expect(await signInCookie(user.email, 'a brand new secret')).toBeDefined();
  });

  it('refuses an expired token and a short password', async () => {
    const { user } = await signUpUser(t.app, t.config);
    t.smtp.messages.length = 0;
    await inject(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const token = resetLinkIn((await t.smtp.waitFor(user.email, { subject: 'Reset your' })).text)!;
    const short = await inject(t.app, { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'short' } });
    expect(short.json().error).toBe(`password: ${authMessages.resetPasswordMin}`);
    await t.database.db.update(users).set({ resetTokenExpires: new Date(Date.now() - 1000) }).where(eq(users.id, user.id));
    const expired = await inject(t.app, { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'long enough now' } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe('This reset link is invalid or has expired. Please request a new one.');
  });
});

describe('abuse and bad input', () => {
  it('answers 400 for malformed JSON', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signin', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The request body is not valid JSON', code: 'bad_request:json' });
  });

  it('answers 413 for a JSON body over 1 MB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...validSignup(), firstName: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('The request body is too large');
  });

  it('refuses state-changing requests from another origin, accepts same origin and the public URL', async () => {
    const payload = { email: uniqueEmail(), password: 'whatever1' };
    const cross = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload, headers: { origin: 'https://evil.example' } });
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toEqual({ error: 'Cross-origin request refused', code: 'forbidden:origin' });
    const fetchSite = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(fetchSite.statusCode).toBe(403);
    const sameHost = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload, headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(sameHost.statusCode).toBe(401);
    const publicUrl = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload, headers: { origin: 'https://app.example.com' } });
    expect(publicUrl.statusCode).toBe(401);
    const sameOrigin = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.statusCode).toBe(401);
  });

  it('compares the scheme too: an https:// page is not the http:// server, nor http:// the https:// public URL (issue 28, point 15)', async () => {
    const payload = { email: uniqueEmail(), password: 'whatever1' };
    const attempt = (headers: Record<string, string>) => inject(t.app, { method: 'POST', url: '/api/auth/signin', payload, headers });
    // app.inject speaks plain http.
    expect((await attempt({ origin: 'https://localhost:80', host: 'localhost:80' })).statusCode).toBe(403);
    expect((await attempt({ origin: 'https://localhost', host: 'localhost' })).statusCode).toBe(403);
    expect((await attempt({ origin: 'http://localhost', host: 'localhost' })).statusCode).toBe(401);
    expect((await attempt({ origin: 'http://app.example.com' })).statusCode).toBe(403);
    expect((await attempt({ origin: 'https://app.example.com:443' })).statusCode).toBe(401);
    expect((await attempt({ origin: 'https://app.example.com:8443' })).statusCode).toBe(403);
  });

  it('sends security headers and a Content-Security-Policy: the page\'s to pages, one that allows nothing to API answers', async () => {
    const page = await inject(t.app, { method: 'GET', url: '/chat' });
    // Scripts from this origin, and one inline script by its hash (no 'unsafe-inline').
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' ${cookieChoiceScriptSource};`);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

    // An API answer is never a page that runs anything: nothing is allowed, nothing may be cached.
    const response = await inject(t.app, { method: 'GET', url: '/api/auth/me' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers an unknown /api path with 404 JSON', async () => {
    const response = await inject(t.app, { method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'not_found:route' });
  });
});

describe('rate limits', () => {
  it('limits sign-in, signup and forgot-password attempts with a clear 429', async () => {
    const limited = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3', RATE_LIMIT_SIGNUP_PER_HOUR: '2' });
    try {
      const signin = () => inject(limited.app, { method: 'POST', url: '/api/auth/signin', payload: { email: 'a@example.com', password: 'x' } });
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await signin()).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      const last = await signin();
      expect(last.json()).toEqual({ error: 'Too many attempts. Please wait a few minutes and try again.', code: 'rate_limit:auth' });

      const forgot = () => inject(limited.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@example.com' } });
      const forgotCodes = [];
      for (let i = 0; i < 4; i++) forgotCodes.push((await forgot()).statusCode);
      expect(forgotCodes).toEqual([200, 200, 200, 429]);

      const signup = () => inject(limited.app, { method: 'POST', url: '/api/auth/signup', payload: validSignup() });
      const signupCodes = [];
      for (let i = 0; i < 3; i++) signupCodes.push((await signup()).statusCode);
      expect(signupCodes).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('session cache', () => {
  it('with the cache on, logout and password reset still end sessions at once', async () => {
    const cached = await createTestApp({ SESSION_CACHE_MS: '60000', SMTP_URL: t.smtp.url, PUBLIC_URL: 'https://app.example.com' });
    try {
      const { cookie } = await signUpUser(cached.app, cached.config);
      expect((await inject(cached.app, { method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(200);
      await inject(cached.app, { method: 'POST', url: '/api/auth/logout', cookie });
      expect((await inject(cached.app, { method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(401);

      const other = await signUpUser(cached.app, cached.config);
      expect((await inject(cached.app, { method: 'GET', url: '/api/auth/me', cookie: other.cookie })).statusCode).toBe(200);
      await inject(cached.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: other.user.email } });
      const token = resetLinkIn((await t.smtp.waitFor(other.user.email, { subject: 'Reset your' })).text)!;
      await inject(cached.app, { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'brand new password' } });
      expect((await inject(cached.app, { method: 'GET', url: '/api/auth/me', cookie: other.cookie })).statusCode).toBe(401);
    } finally {
      await cached.close();
    }
  });

  it('answers /api/auth/me from the cached row as a fresh read would, and follows the account and the plan at once', async () => {
    const cached = await createTestApp({ SESSION_CACHE_MS: '60000', ALLOW_TEST_PREMIUM: 'true' });
    try {
      const { cookie, user } = await signUpUser(cached.app, cached.config);
      const me = (headers: Record<string, string> = {}) => inject(cached.app, { method: 'GET', url: '/api/auth/me', cookie, headers });
      const first = await me();
      const again = await me();
      expect(again.statusCode).toBe(200);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(again.body).toBe(first.body);
      expect(again.json()).toEqual({ ...first.json(), id: user.id, email: user.email, isPremium: false });
      // The same cached row, another plan decided for this request: each plan has its own answer.
      expect((await me({ 'x-test-premium': 'true' })).json()).toMatchObject({ id: user.id, isPremium: true });
      expect((await me()).json()).toMatchObject({ isPremium: false });
      // A change to the account is in the very next answer, though the session cache would keep the row a minute.
      await inject(cached.app, { method: 'PATCH', url: `/api/users/${user.id}`, cookie, payload: { firstName: 'Grace', lastName: 'Hopper' } });
      expect((await me()).json()).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', isPremium: false });
    } finally {
      await cached.close();
    }
  });
});
