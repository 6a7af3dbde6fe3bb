import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the application shell', () => {
  it('publishes its OpenAPI description with every feature route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of ['/api/auth/signup', '/api/auth/me', '/api/chat-sessions', '/api/contact', '/api/cookie-consent', '/api/users/{id}/chat-sessions']) {
      expect(paths).toContain(path);
    }
  });

  it('answers health checks', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ ok: true });
  });
});
