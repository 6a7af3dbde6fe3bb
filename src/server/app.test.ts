import { describe, expect, it } from 'vitest';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const t = useTestApp();

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
