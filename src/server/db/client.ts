import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { asPglite, startPgliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';

/**
 * What `db.execute` answers on both drivers (node-postgres' QueryResult and PGlite's Results both
 * carry `rows`), so raw statements are typed by their row without a cast.
 */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}
export interface QueryRows<Row> {
  rows: Row[];
}

/** One database type for both drivers: features never know which one runs. */
export type Db = PgDatabase<RowsQueryResultHKT, typeof schema>;

/** A transaction handle or the database: both run the same queries. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type DatabaseTarget =
  /**
   * PGlite in a directory runs on its own thread (decision 010) unless `thread: 'main'`; in memory
   * (tests, tools) it runs on the calling thread.
   */
  | { kind: 'pglite'; dir?: string; thread?: 'main' | 'worker' }
  | { kind: 'postgres'; url: string; poolSize?: number };

export interface Database {
  db: Db;
  kind: DatabaseTarget['kind'];
  close(): Promise<void>;
}

/** PGlite in a directory (or in memory without one) when no DATABASE_URL is set; a pg Pool otherwise. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') {
    if (target.dir) mkdirSync(target.dir, { recursive: true });
    if (target.dir && target.thread !== 'main') {
      const thread = await startPgliteThread(target.dir);
      const db = drizzlePglite({ client: asPglite(thread), schema }) as unknown as Db;
      return { db, kind: 'pglite', close: () => thread.close() };
    }
    const client = target.dir ? new PGlite(target.dir) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return { db, kind: 'pglite', close: () => client.close() };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}
