import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from './client.ts';

/** The committed migrations: their SQL, and `meta/_journal.json` listing them in order. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The advisory lock instances take while they migrate one PostgreSQL database (any fixed 64-bit
 * number; this is "corner-office migrations" hashed). Drizzle's migrator takes no lock of its own.
 */
export const MIGRATION_LOCK_KEY = 4_217_902_611_207_338n;

/**
 * Applies the committed migrations; safe to call at every start (applied ones are skipped). On
 * PostgreSQL, under a session-level advisory lock held on a connection of its own (outside the pool,
 * so a pool of one cannot deadlock): instances that start together take turns, the first migrates,
 * the others then find nothing left to apply.
 */
export async function runMigrations(database: Database, options: { folder?: string } = {}): Promise<void> {
  // Another folder: the same migrations up to an earlier one (a restore stops at its archive's level).
  const folder = options.folder ?? migrationsFolder;
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const lockHolder = new pg.Client(pool.options);
  await lockHolder.connect();
  try {
    await lockHolder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    } finally {
      await lockHolder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    await lockHolder.end();
  }
}
