import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { inject, sessionCookieOf, signUpUser, uniqueEmail } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/**
 * Issue 28, point 1 (decision 050): a link mailed to an address proves that address and nothing
 * else. Every outstanding link dies when the account's e-mail or password changes; a reset link
 * proves only the address it was sent to; admin comes only with an ADMIN_EMAILS address proven.
 */
const t = useTestApp({ ADMIN_EMAILS: 'boss@example.com, chief@example.com, head@example.com', PUBLIC_URL: 'https://app.example.com' }, { smtp: true });

const invalidResetLink = 'This reset link is invalid or has expired. Please request a new one.';
const resetLinkIn = (text: string) => /https:\/\/app\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const verifyLinkIn = (text: string) => /https:\/\/app\.example\.com\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

const forgot = (email: string) => inject(t.app, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const reset = (token: string, password: string) => inject(t.app, { method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
const verify = (token: string) => inject(t.app, { method: 'POST', url: '/api/auth/verify-email', payload: { token } });
const patch = (id: string, cookie: string, payload: Record<string, unknown>) => inject(t.app, { method: 'PATCH', url: `/api/users/${id}`, cookie, payload });

async function resetLinkFor(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(200);
  return resetLinkIn((await t.smtp.waitFor(email, { subject: 'Reset your' })).text)!;
}

async function signIn(email: string, password: string) {
  const response = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload: { email, password } });
  return { status: response.statusCode, body: response.json(), cookie: sessionCookieOf(response, t.config) };
}

const row = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('the escalation of issue 28: reset link, then e-mail changed to an ADMIN_EMAILS address', () => {
  it('the old link answers the invalid-link error, and the account is neither admin nor verified', async () => {
    const { user, cookie, password } = await signUpUser(t.app, t.config);
    const token = await resetLinkFor(user.email);

    const changed = await patch(user.id, cookie, { email: 'boss@example.com', currentPassword: password });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: 'boss@example.com', emailVerified: false, appUserType: 'standard' });

    const followed = await reset(token, 'attacker chosen pw');
    expect(followed.statusCode).toBe(400);
    expect(followed.json()).toEqual({ error: invalidResetLink, code: 'bad_request:reset_token' });

    // The password did not change; the account is what it was.
    expect((await signIn('boss@example.com', 'attacker chosen pw')).status).toBe(401);
    const again = await signIn('boss@example.com', password);
    expect(again.status).toBe(200);
    expect(again.body.user).toMatchObject({ appUserType: 'standard', emailVerified: false });
    expect((await inject(t.app, { method: 'GET', url: '/api/admin/users', cookie: again.cookie })).statusCode).toBe(403);
    const after = await row(user.id);
    expect(after.appUserType).toBe('standard');
    expect(after.emailVerifiedAt).toBeNull();
    expect(after.resetToken).toBeNull();
  });

  it('a link requested before the change is dead even after the e-mail is changed back', async () => {
    const { user, cookie, password } = await signUpUser(t.app, t.config);
    const token = await resetLinkFor(user.email);
    const other = uniqueEmail('elsewhere');
    expect((await patch(user.id, cookie, { email: other, currentPassword: password })).statusCode).toBe(200);
    expect((await patch(user.id, cookie, { email: user.email, currentPassword: password })).statusCode).toBe(200);
    expect((await reset(token, 'a brand new secret')).json()).toEqual({ error: invalidResetLink, code: 'bad_request:reset_token' });
  });

  it('a reset link proves only the address it was sent to, even when the stored address changes without the app', async () => {
    const { user } = await signUpUser(t.app, t.config);
    const token = await resetLinkFor(user.email);
    // Whatever path changes the address (an operator's SQL, a future feature), the old link proves the old address only.
    await t.database.db.update(users).set({ email: 'chief@example.com' }).where(eq(users.id, user.id));
    expect((await reset(token, 'a brand new secret')).json().code).toBe('bad_request:reset_token');
    const after = await row(user.id);
    expect(after.appUserType).toBe('standard');
    expect(after.emailVerifiedAt).toBeNull();
  });

  it('the verification link sent to the old address is dead after the e-mail change; the new one proves the new address', async () => {
    const { user, cookie, password } = await signUpUser(t.app, t.config);
    const oldLink = verifyLinkIn((await t.smtp.waitFor(user.email, { subject: 'Verify your' })).text)!;
    const moved = uniqueEmail('moved');
    expect((await patch(user.id, cookie, { email: moved, currentPassword: password })).statusCode).toBe(200);
    const dead = await verify(oldLink);
    expect(dead.statusCode).toBe(400);
    expect(dead.json().code).toBe('bad_request:verification_token');
    expect((await row(user.id)).emailVerifiedAt).toBeNull();

    // The new address gets its own mail (issue 29, point 8), carrying its verification link.
    const newLink = verifyLinkIn((await t.smtp.waitFor(moved, { subject: 'Confirm your new email address' })).text)!;
    expect((await verify(newLink)).statusCode).toBe(200);
    expect((await row(user.id)).emailVerifiedAt).not.toBeNull();
  });

  it('a password change kills outstanding reset and verification links', async () => {
    const { user, cookie, password } = await signUpUser(t.app, t.config);
    const verifyLink = verifyLinkIn((await t.smtp.waitFor(user.email, { subject: 'Verify your' })).text)!;
    const token = await resetLinkFor(user.email);
    const changed = await inject(t.app, { method: 'POST', url: `/api/users/${user.id}/change-password`, cookie, payload: { currentPassword: password, newPassword: 'changed on purpose' } });
    expect(changed.statusCode).toBe(200);
    expect((await reset(token, 'a brand new secret')).json().code).toBe('bad_request:reset_token');
    expect((await verify(verifyLink)).json().code).toBe('bad_request:verification_token');
    expect((await signIn(user.email, 'changed on purpose')).status).toBe(200);
  });

  it('a password reset kills the other outstanding links (an older verification link proves nothing more)', async () => {
    const { user } = await signUpUser(t.app, t.config);
    const verifyLink = verifyLinkIn((await t.smtp.waitFor(user.email, { subject: 'Verify your' })).text)!;
    const token = await resetLinkFor(user.email);
    expect((await reset(token, 'a brand new secret')).statusCode).toBe(200);
    // Following the reset proved this very address: it is verified; the verification link has no more use.
    expect((await row(user.id)).emailVerifiedAt).not.toBeNull();
    expect((await row(user.id)).emailVerificationToken).toBeNull();
    expect((await verify(verifyLink)).statusCode).toBe(400);
  });
});

describe('admin comes only with a proven ADMIN_EMAILS address', () => {
  it('an account that moves to an operator address becomes admin only by following the link mailed to that address', async () => {
    const { user, cookie, password } = await signUpUser(t.app, t.config);
    expect((await patch(user.id, cookie, { email: 'head@example.com', currentPassword: password })).statusCode).toBe(200);
    expect((await signIn('head@example.com', password)).body.user.appUserType).toBe('standard');
    // The operator owns the mailbox: the link sent to it proves it.
    const link = verifyLinkIn((await t.smtp.waitFor('head@example.com', { subject: 'Confirm your new email address' })).text)!;
    expect((await verify(link)).statusCode).toBe(200);
    const after = await row(user.id);
    expect(after.appUserType).toBe('admin');
    expect(after.emailVerifiedAt).not.toBeNull();
  });
});

describe('disabled accounts', () => {
  it('are sent no reset link, with the same answer as an unknown address, and an earlier link no longer works', async () => {
    const { user } = await signUpUser(t.app, t.config);
    const earlier = await resetLinkFor(user.email);
    await t.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    const hashBefore = (await row(user.id)).resetToken;
    const before = t.smtp.messages.length;
    const known = await forgot(user.email);
    const unknown = await forgot(uniqueEmail('nobody'));
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    // The work happens after the answer: a request for an active account after it, and its mail, mark that it ran.
    const control = await signUpUser(t.app, t.config);
    await resetLinkFor(control.user.email);
    expect(t.smtp.messages.slice(before).filter((m) => m.to.includes(user.email))).toHaveLength(0);
    expect((await row(user.id)).resetToken).toBe(hashBefore);
    expect((await reset(earlier, 'a brand new secret')).json().code).toBe('bad_request:reset_token');
  });
});
