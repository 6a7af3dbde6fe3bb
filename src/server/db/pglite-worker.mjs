// @ts-check
/**
 * PGlite on its own thread (see pglite-thread.ts, which starts this file and speaks to it). PGlite
 * is PostgreSQL compiled to WebAssembly: every query runs synchronously on the thread that owns it,
 * with its file I/O. Here, that thread is not the one serving HTTP, so a long query does not stall
 * every open stream, and the database works while the server thread runs JavaScript.
 *
 * Plain JavaScript on purpose: a worker thread starts without the TypeScript loader.
 *
 * Requests: { id, op: 'query', sql, params, rowMode, identityParsers, tx? } | { id, op: 'exec', sql, tx? }
 *           | { id, op: 'begin' | 'commit' | 'rollback', tx } | { id, op: 'close' }
 * The caller numbers its transactions and may send a transaction's queries right behind its
 * 'begin': they wait here until the transaction has the database.
 * Answers:  { id, result } | { id, error: { message, ...fields of the PostgreSQL error } }
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

/** Ends a transaction's callback without committing. */
class Rollback extends Error {}

const db = new PGlite(workerData.dataDir);
/**
 * @typedef {{ tx: import('@electric-sql/pglite').Transaction, commit: () => void, rollback: () => void }} OpenTransaction
 * @type {Map<number, { started: Promise<OpenTransaction>, done: Promise<void> }>}
 */
const transactions = new Map();

/** @param {number[] | undefined} oids */
function parsersFor(oids) {
  if (!oids?.length) return undefined;
  /** @type {Record<number, (value: string) => string>} */
  const parsers = {};
  for (const oid of oids) parsers[oid] = (value) => value;
  return parsers;
}

/** An error that survives postMessage: its message and PostgreSQL's fields (code, detail, constraint...). */
function serializeError(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const fields = { message: error.message, name: error.name };
  // PostgreSQL's fields are strings and numbers; anything else (the query's options, with their
  // parser functions) stays here: it could not be cloned to the other thread.
  for (const [key, value] of Object.entries(error)) {
    if (key === 'query' || key === 'params') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return fields;
}

/** @param {{ tx?: number }} request */
async function target(request) {
  if (request.tx === undefined) return db;
  const transaction = transactions.get(request.tx);
  if (!transaction) throw new Error(`No open transaction ${request.tx}`);
  return (await transaction.started).tx;
}

/** @param {number} id */
function begin(id) {
  /** @type {(open: OpenTransaction) => void} */
  let started = () => {};
  /** @type {(error: unknown) => void} */
  let failed = () => {};
  const startedPromise = /** @type {Promise<OpenTransaction>} */ (
    new Promise((resolve, reject) => {
      started = resolve;
      failed = reject;
    })
  );
  // PGlite runs one transaction at a time: this waits for the running one, then holds the
  // database until commit or rollback arrives (other queries queue, as they would in-process).
  const done = db
    .transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          started({ tx, commit: () => commit(undefined), rollback: () => rollback(new Rollback()) });
        }),
    )
    .then(
      () => undefined,
      (error) => {
        failed(error);
        if (!(error instanceof Rollback)) throw error;
      },
    )
    .finally(() => transactions.delete(id));
  // Queries of a transaction that could not start fail with its error; nothing else waits on it.
  startedPromise.catch(() => {});
  done.catch(() => {});
  transactions.set(id, { started: startedPromise, done });
}

/** @param {any} request */
async function handle(request) {
  switch (request.op) {
    case 'query':
      return (await target(request)).query(request.sql, request.params, { rowMode: request.rowMode, parsers: parsersFor(request.identityParsers) });
    case 'exec':
      return (await target(request)).exec(request.sql);
    case 'begin':
      begin(request.tx);
      return null;
    case 'commit':
    case 'rollback': {
      const transaction = transactions.get(request.tx);
      if (!transaction) throw new Error(`No open transaction ${request.tx}`);
      const open = await transaction.started;
      if (request.op === 'commit') open.commit();
      else open.rollback();
      await transaction.done;
      return null;
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`Unknown request ${request.op}`);
  }
}

/** @param {number} id @param {Record<string, unknown>} answer */
function answer(id, answer) {
  try {
    port.postMessage({ id, ...answer });
  } catch (error) {
    // A value that cannot cross threads must fail its own query, not the thread.
    port.postMessage({ id, error: serializeError(error) });
  }
}

port.on('message', (request) => {
  handle(request).then(
    (result) => answer(request.id, { result }),
    (error) => answer(request.id, { error: serializeError(error) }),
  );
});

db.waitReady.then(
  () => port.postMessage({ ready: true }),
  (error) => port.postMessage({ ready: false, error: serializeError(error) }),
);
