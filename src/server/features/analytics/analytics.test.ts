import { describe, expect, it } from 'vitest';
import { inject, type LogLine } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const lines: LogLine[] = [];
const t = useTestApp({ LOG_LEVEL: 'info' }, { logLines: lines });

const pageViews = () => lines.filter((l) => l.msg === 'page view');

describe('POST /api/analytics/page-view', () => {
  it('logs the path of a visitor page view and nothing that identifies them', async () => {
    const response = await inject(t.app, { method: 'POST', url: '/api/analytics/page-view', payload: { path: '/plans' }, headers: { 'user-agent': 'Secret Agent/1.0' } });
    expect(response.statusCode).toBe(204);
    const view = pageViews().at(-1)!;
    expect(view.pageView).toEqual({ path: '/plans' });
    const text = JSON.stringify(view);
    expect(text).not.toContain('Secret Agent');
    expect(text).not.toContain('127.0.0.1');
  });

  it("counts a signed-in user's views only once they accepted analytics cookies", async () => {
    const { cookie } = await t.signIn();
    const before = pageViews().length;
    await inject(t.app, { method: 'POST', url: '/api/analytics/page-view', payload: { path: '/chat' }, cookie });
    expect(pageViews()).toHaveLength(before);
    await inject(t.app, { method: 'POST', url: '/api/cookie-consent', payload: { cookiesAccepted: false }, cookie });
    await inject(t.app, { method: 'POST', url: '/api/analytics/page-view', payload: { path: '/chat' }, cookie });
    expect(pageViews()).toHaveLength(before);
    await inject(t.app, { method: 'POST', url: '/api/cookie-consent', payload: { cookiesAccepted: true }, cookie });
    const counted = await inject(t.app, { method: 'POST', url: '/api/analytics/page-view', payload: { path: '/chat' }, cookie });
    expect(counted.statusCode).toBe(204);
    expect(pageViews()).toHaveLength(before + 1);
    expect(JSON.stringify(pageViews().at(-1))).not.toMatch(/userId|@example\.com/);
  });

  it.each([[{}], [{ path: 'plans' }], [{ path: '/chat?session=123' }], [{ path: '/a#b' }], [{ path: `/${'x'.repeat(300)}` }], [{ path: 42 }]])(
    'answers 400 to %o',
    async (payload) => {
      const response = await inject(t.app, { method: 'POST', url: '/api/analytics/page-view', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('bad_request:validation');
    },
  );
});
