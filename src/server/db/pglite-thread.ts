import { Worker } from 'node:worker_threads';
import type { PGlite, Results } from '@electric-sql/pglite';
import { workPriority } from './work-priority.ts';

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };

/** What Drizzle's PGlite driver calls on its client, and on the client it gets inside a transaction. */
export interface PgliteQueries {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

export interface PgliteThreadClient extends PgliteQueries {
  transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The PostgreSQL error the worker sent, with its fields (code, detail, constraint...) as PGlite has them. */
function toError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'Database error'));
  const { message: _message, stack: _stack, ...rest } = fields;
  return Object.assign(error, rest);
}

/**
 * The worker's young generation, in MiB (decision 090). Its JavaScript is a thin relay: each request and
 * each result lives for one statement, and the database's own memory is WebAssembly's, outside V8's
 * heap. V8 sizes a thread's young generation from the machine's memory (up to 192 MiB on a 24 GiB
 * machine, as `worker.resourceLimits` reports without a limit), and under a burst of requests the
 * worker's heap grew by 70 to 90 MiB of committed, mostly dead, memory; bounded, it holds the same work
 * in a fraction of that.
 */
const WORKER_YOUNG_GENERATION_MB = 32;

/**
 * A PGlite database on a worker thread (pglite-worker.mjs), behind the part of PGlite's interface
 * Drizzle uses. Queries and transactions keep PGlite's semantics: one at a time, a transaction
 * holding the database until it ends. Drizzle's result parsers for dates are identity functions;
 * functions cannot cross threads, so the worker installs identity parsers for the same type ids.
 */
export async function startPgliteThread(dataDir: string): Promise<PgliteThreadClient> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir },
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let nextTransaction = 1;
  let stopped: Error | null = null;

  const failAll = (error: Error) => {
    stopped = error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };

  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { ready?: boolean; error?: Record<string, unknown> }) => {
      if (message.ready === undefined) return;
      worker.off('message', onMessage);
      if (message.ready) resolve();
      else reject(toError(message.error ?? {}));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });

  worker.on('message', (message: { id?: number; result?: unknown; error?: Record<string, unknown> }) => {
    if (message.id === undefined) return;
    const call = pending.get(message.id);
    if (!call) return;
    pending.delete(message.id);
    if (message.error) call.reject(toError(message.error));
    else call.resolve(message.result);
  });
  worker.on('error', (error) => failAll(new Error(`The database thread failed: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => failAll(new Error(`The database thread stopped (exit code ${code})`)));

  const call = <T>(request: Record<string, unknown>): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      // Background and idle work's statements wait for requests' (work-priority.ts).
      worker.postMessage({ ...request, id, priority: workPriority() });
    });
  };

  const queriesIn = (tx?: number): PgliteQueries => ({
    query: <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
      call<Results<T>>({
        op: 'query',
        sql,
        params,
        rowMode: options.rowMode,
        identityParsers: options.parsers ? Object.keys(options.parsers).map(Number) : undefined,
        tx,
      }),
    exec: (sql: string) => call<Results[]>({ op: 'exec', sql, tx }),
  });

  return {
    ...queriesIn(),
    async transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T> {
      // The transaction's first query goes out right behind 'begin', without waiting for it: the
      // worker holds it until the transaction has the database. A 'begin' that fails fails them too.
      const tx = nextTransaction++;
      const begun = call({ op: 'begin', tx });
      let result: T;
      try {
        result = await callback(queriesIn(tx));
        await begun;
      } catch (error) {
        await begun.catch(() => {});
        await call({ op: 'rollback', tx }).catch(() => {});
        throw error;
      }
      await call({ op: 'commit', tx });
      return result;
    },
    async close() {
      if (stopped) return;
      await call({ op: 'close' });
      await worker.terminate();
    },
  };
}

/** For Drizzle's PGlite driver, which is typed for a PGlite instance. */
export function asPglite(client: PgliteThreadClient): PGlite {
  return client as unknown as PGlite;
}
