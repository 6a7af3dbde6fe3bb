import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { configFrom } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { inject, signUpUser } from '#tests/helpers/test-app.ts';
import { openTestDatabase } from '#tests/helpers/test-database.ts';

type LogLine = { level: number; msg: string; pageView?: { path: string }; [key: string]: unknown };
const lines: LogLine[] = [];
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
const config = configFrom({ RATE_LIMIT_SIGNUP_PER_HOUR: '1000', LOG_LEVEL: 'info' });

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    config,
    database,
    clientDir: '/nonexistent-client-dir',
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const pageViews = () => lines.filter((l) => l.msg === 'page view');

describe('POST /api/analytics/page-view', () => {
  it('logs the path of a visitor page view and nothing that identifies them', async () => {
    const response = await inject(app, { method: 'POST', url: '/api/analytics/page-view', payload: { path: '/plans' }, headers: { 'user-agent': 'Secret Agent/1.0' } });
    expect(response.statusCode).toBe(204);
    const view = pageViews().at(-1)!;
    expect(view.pageView).toEqual({ path: '/plans' });
    const text = JSON.stringify(view);
    expect(text).not.toContain('Secret Agent');
    expect(text).not.toContain('127.0.0.1');
  });

  it("counts a signed-in user's views only once they accepted analytics cookies", async () => {
    const { cookie } = await signUpUser(app, config);
    const before = pageViews().length;
    await inject(app, { method: 'POST', url: '/api/analytics/page-view', payload: { path: '/chat' }, cookie });
    expect(pageViews()).toHaveLength(before);
    await inject(app, { method: 'POST', url: '/api/cookie-consent', payload: { cookiesAccepted: false }, cookie });
    await inject(app, { method: 'POST', url: '/api/analytics/page-view', payload: { path: '/chat' }, cookie });
    expect(pageViews()).toHaveLength(before);
    await inject(app, { method: 'POST', url: '/api/cookie-consent', payload: { cookiesAccepted: true }, cookie });
    const counted = await inject(app, { method: 'POST', url: '/api/analytics/page-view', payload: { path: '/chat' }, cookie });
    expect(counted.statusCode).toBe(204);
    expect(pageViews()).toHaveLength(before + 1);
    expect(JSON.stringify(pageViews().at(-1))).not.toMatch(/userId|@example\.com/);
  });

  it.each([[{}], [{ path: 'plans' }], [{ path: '/chat?session=123' }], [{ path: '/a#b' }], [{ path: `/${'x'.repeat(300)}` }], [{ path: 42 }]])(
    'answers 400 to %o',
    async (payload) => {
      const response = await inject(app, { method: 'POST', url: '/api/analytics/page-view', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('bad_request:validation');
    },
  );
});
