import { describe, expect, it } from 'vitest';
import { createChatSession } from '#tests/helpers/chat-api.ts';
import { inject, validSignup } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/** Findings 5, 7 and the no-store part of 10 of issue 9, as an abuser would try them. */
describe('title generation is a model call, and limited like one', () => {
  const t = useTestApp({ RATE_LIMIT_CHAT_PER_MINUTE: '5' }, { fakeAi: true });

  it('100 title generations in a row: 5 reach the model, the rest are refused with 429', async () => {
    const { cookie } = await t.signIn();
    const session = await createChatSession(t.app, cookie);
    const before = t.fake.requests.length;
    const responses = [];
    for (let i = 0; i < 100; i++) responses.push(await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/generate-title`, cookie }));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 429)).toHaveLength(95);
    expect(responses.find((r) => r.statusCode === 429)!.json().code).toBe('rate_limit:general');
    expect(t.fake.requests.length - before).toBeLessThanOrEqual(5);
  });
});

describe('a forged X-Forwarded-For changes nothing behind a trusted proxy', () => {
  // The proxy (this process's loopback, as app.inject connects) appends the address it saw last.
  const byAddress = useTestApp({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_AUTH_PER_MINUTE: '3', RATE_LIMIT_SIGNUP_PER_HOUR: '2' });
  const byHops = useTestApp({ TRUST_PROXY: '1', RATE_LIMIT_AUTH_PER_MINUTE: '3' });

  it.each([
    ['proxy named by address', () => byAddress],
    ['proxy counted by hops', () => byHops],
  ])('%s: rotating the left-most address does not reset the sign-in limit', async (_name, app) => {
    const codes = [];
    for (let i = 0; i < 6; i++) {
      const response = await inject(app().app, {
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: 'victim@example.com', password: `guess-${i}` },
        headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('rotating it does not reset the signup limit either', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) {
      const response = await inject(byAddress.app, { method: 'POST', url: '/api/auth/signup', payload: validSignup(), headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` } });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([201, 201, 429, 429]);
  });

  it('the scheme a trusted proxy reports is the one the cross-origin check compares (issue 28, point 15)', async () => {
    const logout = (headers: Record<string, string>) => inject(byHops.app, { method: 'POST', url: '/api/auth/logout', headers: { host: 'corner.example', ...headers } });
    expect((await logout({ origin: 'https://corner.example', 'x-forwarded-proto': 'https' })).statusCode).toBe(200);
    expect((await logout({ origin: 'https://corner.example', 'x-forwarded-proto': 'http' })).statusCode).toBe(403);
    expect((await logout({ origin: 'http://corner.example', 'x-forwarded-proto': 'https' })).statusCode).toBe(403);
  });
});

describe('private answers are never cached', () => {
  const t = useTestApp();
  it('API JSON says Cache-Control: no-store, signed in or not', async () => {
    const { cookie } = await t.signIn();
    for (const response of [await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie }), await inject(t.app, { method: 'GET', url: '/api/auth/me' })]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
