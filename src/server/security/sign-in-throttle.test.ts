import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signInThrottles } from '#server/db/schema.ts';
import { createTestApp, inject, signUpUser, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Issue 9, point 1 (per-account sign-in throttling, decision 017): a guesser spread over many
 * addresses (each under the per-address limit) still meets an exponential back-off per account,
 * stored in the database so every instance sees it.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await t.close();
});

/** Each attempt from another client address, as a distributed guesser sends them. */
let client = 0;
const signIn = (email: string, password: string) => {
  client += 1;
  return inject(t.app, { method: 'POST', url: '/api/auth/signin', payload: { email, password }, headers: { 'x-forwarded-for': `198.51.100.${client % 250}` } });
};

/** Moves the lock's end to the past, as if the wait were over (no test waits on the clock). */
const waitOutLock = () => t.database.db.update(signInThrottles).set({ lockedUntil: sql`now() - interval '1 second'` });

describe('per-account sign-in back-off', () => {
  it('locks after four failures, doubles the wait each time, refuses even the right password meanwhile, and forgets on success', async () => {
    const { user, password } = await signUpUser(t.app, t.config);
    for (let i = 0; i < 4; i += 1) expect((await signIn(user.email, `wrong ${i}`)).statusCode).toBe(401);

    const fifth = await signIn(user.email, 'wrong 5');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ error: 'Too many failed sign-in attempts for this account. Please try again in 1 minute, or reset your password.', code: 'rate_limit:account' });
    // The right password does not get through a lock.
    expect((await signIn(user.email, password)).json().code).toBe('rate_limit:account');

    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      await waitOutLock();
      expect((await signIn(user.email, 'still wrong')).statusCode).toBe(429);
      const [row] = await t.database.db.select().from(signInThrottles);
      waits.push(Math.round((row!.lockedUntil!.getTime() - Date.now()) / 1000));
    }
    // 60 s, 120 s, 240 s, 480 s after the first 30 s (give or take the test's own second).
    expect(waits.map((w) => Math.round(w / 30) * 30)).toEqual([60, 120, 240, 480]);
    expect((await signIn(user.email, password)).json().error).toBe('Too many failed sign-in attempts for this account. Please try again in 8 minutes, or reset your password.');

    await waitOutLock();
    expect((await signIn(user.email, password)).statusCode).toBe(200);
    expect(await t.database.db.select().from(signInThrottles)).toEqual([]);
    expect((await signIn(user.email, 'wrong again')).statusCode).toBe(401);
  });

  it('treats an address without an account the same, so a lockout tells nothing about accounts', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) answers.push((await signIn('nobody-here@example.com', 'guess')).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 429]);
    // No address is kept in clear.
    const rows = await t.database.db.select().from(signInThrottles);
    expect(JSON.stringify(rows)).not.toContain('nobody-here');
  });

  it('caps the wait at an hour, and a password reset lifts the lock', async () => {
    const { user } = await signUpUser(t.app, t.config);
    for (let i = 0; i < 5; i += 1) await signIn(user.email, 'wrong');
    await t.database.db.update(signInThrottles).set({ failures: 40, lockedUntil: sql`now() - interval '1 second'` });
    const capped = await signIn(user.email, 'wrong');
    expect(capped.json().error).toBe('Too many failed sign-in attempts for this account. Please try again in 60 minutes, or reset your password.');

    // The token the reset e-mail would carry.
    const { setResetTokenByEmail } = await import('#server/features/auth/auth.queries.ts');
    const { hashToken } = await import('#server/features/auth/tokens.ts');
    await setResetTokenByEmail(t.database.db, user.email, hashToken('known-token'), new Date(Date.now() + 60_000));
    expect((await inject(t.app, { method: 'POST', url: '/api/auth/reset-password', payload: { token: 'known-token', password: 'a fresh password' } })).statusCode).toBe(200);
    expect((await signIn(user.email, 'a fresh password')).statusCode).toBe(200);
  });
});
