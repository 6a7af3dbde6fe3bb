import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { runMigrations } from './migrate.ts';
import { users } from './schema.ts';

const newUser = (email: string) => ({ firstName: 'Ada', lastName: 'Lovelace', email, password: 'hash' });

/**
 * PGlite on its worker thread, as `npm start` runs it (decision 010): a real data directory on
 * disk, opened once for these tests (each uses its own rows), closed and reopened by the last one.
 */
describe('PGlite on a worker thread', () => {
  let dir: string;
  let database: Database;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'co-pglite-thread-'));
    database = await openDatabase({ kind: 'pglite', dir });
    await runMigrations(database);
  });

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

  it('keeps the data on disk when closed and opened again, and says so when used after closing', async () => {
    await database.db.insert(users).values(newUser('persisted@example.com'));
    const closed = database;
    await closed.close();
    await expect(closed.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/database thread stopped/) } });
    database = await openDatabase({ kind: 'pglite', dir });
    const rows = await database.db.select({ email: users.email }).from(users).where(eq(users.email, 'persisted@example.com'));
    expect(rows).toEqual([{ email: 'persisted@example.com' }]);
  });
});
