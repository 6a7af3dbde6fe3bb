import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorCatalog } from '#contract/errors.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/**
 * Issue 28, point 14: terminating PostgreSQL backends answered 500 for requests in flight. A read whose
 * backend is terminated is repeated once on another connection and answers as if nothing happened; a
 * write that may have run is not repeated and answers 503 with Retry-After. Each request is held inside
 * its statement by a lock another connection holds, its backend terminated there with
 * pg_terminate_backend, then the lock released. PostgreSQL only (PGlite has no backends to terminate).
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('a PostgreSQL backend terminated under a request', () => {
  // No session cache: every request reads its session from the database.
  const t = useTestApp({ SESSION_CACHE_MS: '0' });

  /** A connection of the test's own to the app's database, holding `table` locked until `release`. */
  async function lockTable(table: string) {
    const { rows } = await t.database.db.execute<{ name: string }>(sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    await holder.query('begin');
    await holder.query(`lock table ${table} in access exclusive mode`);
    const { rows: own } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid');
    return {
      /** Terminates the backend that waits for the lock (the request's statement), once it is waiting. */
      async terminateWaiter(): Promise<void> {
        let pid: number | undefined;
        await expect
          .poll(async () => {
            const { rows: waiting } = await holder.query<{ pid: number }>(
              `select pid from pg_stat_activity where datname = current_database() and pid <> $1 and wait_event_type = 'Lock'`,
              [own[0]!.pid],
            );
            pid = waiting[0]?.pid;
            return pid;
          })
          .toBeDefined();
        const { rows: done } = await holder.query<{ terminated: boolean }>('select pg_terminate_backend($1) as terminated', [pid]);
        expect(done[0]!.terminated).toBe(true);
      },
      async release(): Promise<void> {
        await holder.query('commit');
        await holder.end();
      },
    };
  }

  it('repeats a read on another connection: the request answers 200', async () => {
    const { cookie } = await t.signIn();
    const lock = await lockTable('users');
    try {
      const answer = inject(t.app, { method: 'GET', url: '/api/auth/me', cookie });
      await lock.terminateWaiter();
      await lock.release();
      const response = await answer;
      expect(response.statusCode).toBe(200);
      expect(response.json().email).toMatch(/@example\.com$/);
    } finally {
      await lock.release().catch(() => {});
    }
  });

  it('does not repeat a write that may have run: 503 with Retry-After and the contract’s message, and nothing stored', async () => {
    const lock = await lockTable('contact_messages');
    const subject = `Connection loss ${crypto.randomUUID()}`;
    try {
      const answer = inject(t.app, { method: 'POST', url: '/api/contact', payload: { name: 'Ann', email: 'ann@example.com', subject, message: 'Is this stored twice?' } });
      await lock.terminateWaiter();
      await lock.release();
      const response = await answer;
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ error: errorCatalog['unavailable:database'].message, code: 'unavailable:database' });
      const { rows } = await t.database.db.execute<{ count: number }>(sql`select count(*)::int as count from contact_messages where subject = ${subject}`);
      expect(rows[0]!.count).toBe(0);
    } finally {
      await lock.release().catch(() => {});
    }
  });
});
