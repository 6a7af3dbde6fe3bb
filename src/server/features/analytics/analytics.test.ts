import { describe, expect, it } from 'vitest';
import { pageViewCounts } from '#server/db/schema.ts';
import { inject, type LogLine } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const lines: LogLine[] = [];
const t = useTestApp({ LOG_LEVEL: 'info' }, { logLines: lines });

const pageViews = () => lines.filter((l) => l.msg === 'page view');
const today = () => new Date().toISOString().slice(0, 10);
const view = (path: string, cookie?: string) => inject(t.app, { method: 'POST', url: '/api/analytics/page-view', payload: { path }, cookie });
const report = (query: string, cookie?: string) => inject(t.app, { method: 'GET', url: `/api/admin/analytics/page-views?${query}`, cookie });

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

describe('page-view counts for the admin dashboard', () => {
  it('counts each view per UTC day and page, and stores nothing about the visitor', async () => {
    await t.database.db.delete(pageViewCounts);
    await view('/plans');
    await view('/plans');
    await view('/chat');
    // Not one of the app's pages (a 404, or anything a client posts): one shared row, so the table stays small.
    await view('/wp-admin/setup.php');
    await view('/no-such-page');
    const rows = await t.database.db.select().from(pageViewCounts);
    expect(rows.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { day: today(), path: '(other)', views: 2 },
      { day: today(), path: '/chat', views: 1 },
      { day: today(), path: '/plans', views: 2 },
    ]);
    // The log line keeps the path as it was viewed.
    expect(pageViews().at(-1)!.pageView).toEqual({ path: '/no-such-page' });
  });

  it("does not count a signed-in user's views until they accepted analytics cookies", async () => {
    await t.database.db.delete(pageViewCounts);
    const { cookie } = await t.signIn();
    await view('/history', cookie);
    expect(await t.database.db.select().from(pageViewCounts)).toEqual([]);
    await inject(t.app, { method: 'POST', url: '/api/cookie-consent', payload: { cookiesAccepted: true }, cookie });
    await view('/history', cookie);
    expect(await t.database.db.select().from(pageViewCounts)).toEqual([{ day: today(), path: '/history', views: 1 }]);
  });

  it('gives an admin the counts of a date range, days ascending, both ends included', async () => {
    await t.database.db.delete(pageViewCounts);
    await t.database.db.insert(pageViewCounts).values([
      { day: '2026-03-31', path: '/', views: 9 },
      { day: '2026-04-01', path: '/plans', views: 3 },
      { day: '2026-04-01', path: '/', views: 5 },
      { day: '2026-04-30', path: '/chat', views: 7 },
      { day: '2026-05-01', path: '/', views: 1 },
    ]);
    const { cookie } = await t.signIn('admin');
    const response = await report('from=2026-04-01&to=2026-04-30', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      from: '2026-04-01',
      to: '2026-04-30',
      counts: [
        { day: '2026-04-01', path: '/', views: 5 },
        { day: '2026-04-01', path: '/plans', views: 3 },
        { day: '2026-04-30', path: '/chat', views: 7 },
      ],
    });
    const empty = await report('from=2025-01-01&to=2025-01-31', cookie);
    expect(empty.json().counts).toEqual([]);
  });

  it('authorization matrix: anyone may post a view; only an admin reads the counts (visitor 401, every other account 403)', async () => {
    const cookies = {
      anonymous: undefined,
      standard: (await t.signIn('standard')).cookie,
      subscriber: (await t.signIn('subscriber')).cookie,
      vip: (await t.signIn('vip')).cookie,
      admin: (await t.signIn('admin')).cookie,
    };
    const got: Record<string, [number, number]> = {};
    for (const [actor, cookie] of Object.entries(cookies)) {
      got[actor] = [(await view('/plans', cookie)).statusCode, (await report('from=2026-04-01&to=2026-04-30', cookie)).statusCode];
    }
    expect(got).toEqual({ anonymous: [204, 401], standard: [204, 403], subscriber: [204, 403], vip: [204, 403], admin: [204, 200] });
    const refused = await report('from=2026-04-01&to=2026-04-30', cookies.standard);
    expect(refused.json()).toEqual({ error: 'You do not have access to this', code: 'forbidden:auth' });
  });

  it.each([['from=2026-04-01'], ['from=2026-4-1&to=2026-04-30'], ['from=2026-05-01&to=2026-04-30'], ['from=2025-01-01&to=2026-01-02'], ['from=x&to=y']])(
    'answers 400 to %s',
    async (query) => {
      const { cookie } = await t.signIn('admin');
      const response = await report(query, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('bad_request:validation');
    },
  );

  it('is in the OpenAPI document', async () => {
    const doc = (await inject(t.app, { method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(doc.paths['/api/admin/analytics/page-views'].get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['from', 'to']);
  });
});
