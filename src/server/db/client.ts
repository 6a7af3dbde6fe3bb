import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isConnectionLost, isReadOnlyStatement, wasNeverSent } from './connection-loss.ts';
import { asPglite, startPgliteThread, type PgliteQueries } from './pglite-thread.ts';
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

const dialect = new PgDialect();

const textHash = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 12);

/** A value bound at each call of a statement built once (see builtOnce). */
export type Slot = (name: string) => Placeholder;

/**
 * A raw statement on the hot path, built once and prepared: `build` composes it with slots for its
 * values (`slot('userId')`); its text and parameter list are made on the first call, and each call
 * then only binds `values` to the slots. Building a statement of many interpolated columns with
 * Drizzle allocated tens of kilobytes a call, and at 1,000 replies starting together that garbage was
 * most of the server's extra memory (decision 088). On PostgreSQL it is parsed and planned once per
 * connection under its name, then only bound and executed (the send statement: 1.07 -> 0.57 ms p50
 * alone, decision 047); PGlite runs it as any statement. The name carries a hash of the text, so a
 * statement whose text changes (a new release) never meets an older one prepared on the same connection.
 */
export function builtOnce<Values extends Record<string, unknown>, Row extends Record<string, unknown>>(name: string, build: (slot: Slot) => SQL) {
  let built: { query: ReturnType<PgDialect['sqlToQuery']>; name: string } | undefined;
  return async (db: Executor, values: Values): Promise<QueryRows<Row>> => {
    if (!built) {
      const query = dialect.sqlToQuery(build((slotName) => sql.placeholder(slotName)));
      built = { query, name: `${name}_${textHash(query.sql)}` };
    }
    return (await db._.session.prepareQuery(built.query, undefined, built.name, false).execute(values)) as QueryRows<Row>;
  };
}

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

/**
 * Runs one statement on the caller's behalf and answers what it answers: the database's
 * instrumentation point (traces: src/server/telemetry/). `text` is the statement with its `$n`
 * placeholders, never the values bound to them (a message's text is a value).
 */
export type StatementObserver = <T>(text: string, run: () => Promise<T>) => Promise<T>;

export interface DatabaseOptions {
  /** Unset (tracing off): the drivers are used as they are, at no cost. */
  observeStatement?: StatementObserver;
}

type QueryConfigLike = string | { text: string };
const textOf = (config: QueryConfigLike) => (typeof config === 'string' ? config : config.text);

/** PGlite (or the thread speaking for it) with every statement, in or out of a transaction, observed. */
function observePglite<Client extends PgliteQueries & { transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T> }>(
  client: Client,
  observe: StatementObserver,
): Client {
  const observed = <Target extends PgliteQueries>(target: Target): Target =>
    new Proxy(target, {
      get(object, property) {
        if (property === 'query') return (sql: string, ...rest: unknown[]) => observe(sql, () => (object.query as (...args: unknown[]) => Promise<unknown>)(sql, ...rest));
        if (property === 'exec') return (sql: string) => observe(sql, () => object.exec(sql));
        if (property === 'transaction' && (object as unknown) === client) return <T>(callback: (tx: PgliteQueries) => Promise<T>) => client.transaction((tx: PgliteQueries) => callback(observed(tx)));
        const value: unknown = Reflect.get(object, property, object);
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
  return observed(client);
}

const observedClients = new WeakSet<pg.PoolClient>();

/**
 * A pg Pool whose statements are observed: `pool.query` (Drizzle's statements outside a transaction)
 * and the clients `pool.connect()` hands out (a transaction's). The pool's own `query` checks a client
 * out with a callback, which is left as it is: its statement is observed once, in its caller's context.
 */
function observePool(pool: pg.Pool, observe: StatementObserver): void {
  const query = pool.query.bind(pool) as (config: QueryConfigLike, values?: unknown[]) => Promise<unknown>;
  pool.query = ((config: QueryConfigLike, values?: unknown[]) => observe(textOf(config), () => query(config, values))) as typeof pool.query;
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: unknown) => {
    if (callback) return connect(callback);
    return connect()!.then((client) => {
      if (!observedClients.has(client)) {
        observedClients.add(client);
        const clientQuery = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
        // Drizzle queries with a promise; a callback or a cursor (not used here) goes through untouched.
        const plain = (args: unknown[]) => !args.some((arg) => typeof arg === 'function') && typeof (args[0] as { submit?: unknown }).submit !== 'function';
        client.query = ((...args: unknown[]) => (plain(args) ? observe(textOf(args[0] as QueryConfigLike), () => clientQuery(...args)) : clientQuery(...args))) as typeof client.query;
      }
      return client;
    });
  }) as typeof pool.connect;
}

/**
 * What every PGlite this app opens loads (here, the thread's worker, the tests' restored templates):
 * pgvector, for read_document's passage embeddings (migration 0024, decision 085).
 */
export const pgliteExtensions = { vector };

/** Drizzle over a PGlite already open (tests restore one from a dump). */
export function pgliteDatabase(client: PGlite, options: DatabaseOptions = {}): Database {
  const observed = options.observeStatement ? observePglite(client, options.observeStatement) : client;
  const db = drizzlePglite({ client: observed, schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

/** PGlite in a directory (or in memory without one) when no DATABASE_URL is set; a pg Pool otherwise. */
export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  const observe = options.observeStatement;
  if (target.kind === 'pglite') {
    if (target.dir) mkdirSync(target.dir, { recursive: true });
    if (target.dir && target.thread !== 'main') {
      const thread = await startPgliteThread(target.dir);
      const db = drizzlePglite({ client: asPglite(observe ? observePglite(thread, observe) : thread), schema }) as unknown as Db;
      return { db, kind: 'pglite', close: () => thread.close() };
    }
    const client = target.dir ? new PGlite(target.dir, { extensions: pgliteExtensions }) : new PGlite({ extensions: pgliteExtensions });
    await client.waitReady;
    return pgliteDatabase(client, options);
  }
  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  repeatOnLostConnection(pool);
  // Observed around the repeat: a statement sent twice is one span.
  if (observe) observePool(pool, observe);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  repeatTransactionsNotBegun(db);
  return { db, kind: 'postgres', close: () => pool.end() };
}

/**
 * A statement whose connection died under it (a terminated backend, a reset socket) is sent once more,
 * on another connection (the pool discards the broken one), when that is safe: it never reached the
 * server, or it only reads. A write that may have run is not repeated: its error reaches the error
 * handler, which answers 503 with Retry-After (decision 055). Only statements outside transactions
 * come here (`pool.query`); a transaction's statements run on its own client.
 */
function repeatOnLostConnection(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<pg.QueryResult>;
  pool.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    // The callback form is node-postgres' own (Drizzle uses promises): left as it is.
    if (typeof values === 'function' || typeof callback === 'function') return (query as (...args: unknown[]) => unknown)(config, values, callback);
    return query(config, values).catch((error: unknown) => {
      const text = typeof config === 'string' ? config : ((config as { text?: string }).text ?? '');
      if (!isConnectionLost(error) || !(wasNeverSent(error) || isReadOnlyStatement(text))) throw error;
      return query(config, values);
    });
  }) as typeof pool.query;
}

/**
 * A transaction whose connection was lost before it began (at `begin`: nothing of it ran) is begun
 * again, once. Once its work started it is never replayed (its callback may have done more than SQL):
 * the error goes up as it is.
 */
function repeatTransactionsNotBegun(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    let begun = false;
    try {
      return await transaction(async (tx) => {
        begun = true;
        return work(tx);
      }, config);
    } catch (error) {
      if (begun || !isConnectionLost(error)) throw error;
      return transaction(work, config);
    }
  }) as Db['transaction'];
}
