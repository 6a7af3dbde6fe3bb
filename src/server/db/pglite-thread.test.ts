import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { runMigrations } from './migrate.ts';
import { users } from './schema.ts';
import { inBackground, inIdleTime } from './work-priority.ts';

const newUser = (email: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email, password: 'hash' });

/**
 * PGlite on its worker thread, as `npm start` runs it (decision 010): a real data directory on
 * disk, opened once for these tests (each uses its own rows), closed and reopened by the last one.
 */
describe('PGlite on a worker thread', () => {
  let dir: string;
  let database: Database;
  // Creating a data directory on disk runs initdb in WebAssembly: seconds of CPU, many more on a busy
  // 2-core machine; opening and migrating get a budget for that, not Vitest's default hook timeout.
  const openBudgetMs = 60_000;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'co-pglite-thread-'));
    database = await openDatabase({ kind: 'pglite', dir });
    await runMigrations(database);
  }, openBudgetMs);

  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs Drizzle queries with the same types as PGlite on the main thread', async () => {
    const [created] = await database.db.insert(users).values(newUser('ada@example.com')).returning();
    expect(created!.createdAt).toBeInstanceOf(Date);
    const [found] = await database.db.select().from(users).where(eq(users.id, created!.id));
    expect(found).toEqual(created);
    expect(found!.dailyInteractionsUsed).toBe(0);
  });

  it('commits a transaction, and rolls one back when its callback throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(newUser('kept@example.com'));
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values(newUser('dropped@example.com'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const emails = (await database.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails).toContain('kept@example.com');
    expect(emails).not.toContain('dropped@example.com');
  });

  it('keeps the PostgreSQL error fields a caller may look at', async () => {
    await database.db.insert(users).values(newUser('twice@example.com'));
    const error = await database.db
      .insert(users)
      .values(newUser('TWICE@example.com'))
      .then(() => null)
      .catch((err: unknown) => err as Error & { cause?: { code?: string; constraint?: string } });
    expect(error?.cause?.code).toBe('23505');
    expect(error?.cause?.constraint).toMatch(/email/);
  });

  it('runs transactions one at a time: parallel read-modify-write loses no update', async () => {
    const [user] = await database.db.insert(users).values(newUser('counter@example.com')).returning();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.transaction(async (tx) => {
          const [row] = await tx.select({ n: users.numLogins }).from(users).where(eq(users.id, user!.id));
          await tx.update(users).set({ numLogins: row!.n + 1 }).where(eq(users.id, user!.id));
        }),
      ),
    );
    const [after] = await database.db.select({ n: users.numLogins }).from(users).where(eq(users.id, user!.id));
    expect(after!.n).toBe(20);
  });

  it("lets a request's statement go before background work that was waiting, and never starves that work", async () => {
    const finished: string[] = [];
    const statement = (label: string, seconds: number) => database.db.execute(sql`select pg_sleep(${seconds})`).then(() => void finished.push(label));
    // A background statement takes the database; five more background statements and a transaction wait.
    const holding = inBackground(() => statement('background 0', 0.15));
    const waiting = [1, 2, 3, 4, 5].map((n) => inBackground(() => statement(`background ${n}`, 0)));
    const backgroundTransaction = inBackground(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        finished.push('background transaction');
      }),
    );
    // A request's statement and transaction, queued after all of them: they run as soon as the database is free.
    const request = statement('request', 0);
    const requestTransaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      finished.push('request transaction');
    });
    await Promise.all([holding, ...waiting, backgroundTransaction, request, requestTransaction]);
    // The first background statement may already hold the database when the request's arrive, or not yet.
    expect(finished.filter((label) => label !== 'background 0')).toEqual(['request', 'request transaction', 'background 1', 'background 2', 'background 3', 'background 4', 'background 5', 'background transaction']);

    // Under a steady stream of requests' statements, waiting background work still gets its turn.
    finished.length = 0;
    const steady = inBackground(() => statement('background', 0.05));
    const flood = Array.from({ length: 20 }, (_, i) => statement(`request ${i}`, 0));
    const starving = inBackground(() => statement('waited background', 0));
    await Promise.all([steady, starving, ...flood]);
    const position = finished.indexOf('waited background');
    expect(position).toBeGreaterThan(1);
    expect(position).toBeLessThan(finished.length - 1);
  });

  it('starts idle work (the job queue) only once requests have paused for 20 ms, after background work', async () => {
    // Milliseconds on the database's clock when the statement ends (after its sleep).
    const endsAt = (seconds: number) =>
      database.db.execute<{ at: number }>(sql`select extract(epoch from clock_timestamp()) * 1000 as at from (select pg_sleep(${seconds})) slept`).then((r) => Number(r.rows[0]!.at));
    // Idle and background statements arrive while the request's runs: background work goes as soon as
    // it ends, idle work waits for a pause after it.
    const [requestEnded, idleRan, backgroundRan] = await Promise.all([endsAt(0.05), inIdleTime(() => endsAt(0)), inBackground(() => endsAt(0))]);
    expect(backgroundRan).toBeLessThan(idleRan);
    expect(idleRan - requestEnded).toBeGreaterThanOrEqual(19);
  });

  it('runs idle work under a steady stream of requests once it has waited a second, one unit at a time', { timeout: 20_000 }, async () => {
    const finished: string[] = [];
    const statement = (label: string, seconds: number) => database.db.execute(sql`select pg_sleep(${seconds})`).then(() => void finished.push(label));
    // 1.5 s of requests' statements queued at once, and two idle statements behind them.
    const flood = Array.from({ length: 15 }, (_, i) => statement(`request ${i}`, 0.1));
    const idle = [1, 2].map((n) => inIdleTime(() => statement(`idle ${n}`, 0)));
    await Promise.all([...flood, ...idle]);
    const first = finished.indexOf('idle 1');
    const second = finished.indexOf('idle 2');
    // Not before about a second of requests, before their end, and a request between the two.
    expect(first).toBeGreaterThan(5);
    expect(second).toBeLessThan(finished.length - 1);
    expect(second - first).toBeGreaterThan(1);
  });

  it('keeps the data on disk when closed and opened again, and says so when used after closing', { timeout: openBudgetMs }, async () => {
    await database.db.insert(users).values(newUser('persisted@example.com'));
    const closed = database;
    await closed.close();
    await expect(closed.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/database thread stopped/) } });
    database = await openDatabase({ kind: 'pglite', dir });
    const rows = await database.db.select({ email: users.email }).from(users).where(eq(users.email, 'persisted@example.com'));
    expect(rows).toEqual([{ email: 'persisted@example.com' }]);
  });
});
