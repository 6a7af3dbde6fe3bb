import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] };

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// Several instances starting at once on one PostgreSQL database (issue 11): they take turns under an
// advisory lock, so every migration is applied exactly once and every instance starts.
describe.skipIf(!serverUrl)('migrations on PostgreSQL', () => {
  it('five instances migrating one empty database at once all succeed, and each migration is applied once', async () => {
    const name = `co_migrate_${randomBytes(6).toString('hex')}`;
    await onServer(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    // A pool of one each: the lock is held outside the pool, so even that cannot deadlock.
    const instances = await Promise.all(Array.from({ length: 5 }, () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 })));
    try {
      const results = await Promise.allSettled(instances.map((instance) => runMigrations(instance)));
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const { rows } = await check.query<{ hash: string; count: string }>('SELECT hash, count(*) FROM drizzle.__drizzle_migrations GROUP BY hash');
      await check.end();
      expect(rows).toHaveLength(journal.entries.length);
      expect(rows.every((row) => Number(row.count) === 1)).toBe(true);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
