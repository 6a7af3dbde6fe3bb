// @ts-check
/**
 * PGlite on its own thread (see pglite-thread.ts, which starts this file and speaks to it). PGlite
 * is PostgreSQL compiled to WebAssembly: every query runs synchronously on the thread that owns it,
 * with its file I/O. Here, that thread is not the one serving HTTP, so a long query does not stall
 * every open stream, and the database works while the server thread runs JavaScript.
 *
 * Plain JavaScript on purpose: a worker thread starts without the TypeScript loader.
 *
 * Requests: { id, op: 'query', sql, params, rowMode, identityParsers, tx?, background? } | { id, op: 'exec', sql, tx?, background? }
 *           | { id, op: 'begin', tx, background? } | { id, op: 'commit' | 'rollback', tx } | { id, op: 'close' }
 * The caller numbers its transactions and may send a transaction's queries right behind its
 * 'begin': they wait here until the transaction has the database.
 *
 * The database runs one unit at a time: a statement, or a transaction from 'begin' to its end. Units
 * wait here in two lines: a request's, and background work's (`background`: jobs, titles, progress
 * saves; work-priority.ts). The next unit is the oldest of the requests' line, except that background
 * work goes after REQUEST_UNITS_BEFORE_BACKGROUND request units in a row, so it is never starved. A transaction's own
 * statements, and its commit or rollback, go straight to it: it holds the database already.
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

/** How many requests' units may pass waiting background work before one background unit goes. */
const REQUEST_UNITS_BEFORE_BACKGROUND = 8;

/** @typedef {() => Promise<unknown>} Unit */
/** @type {Unit[]} */
const requestUnits = [];
/** @type {Unit[]} */
const backgroundUnits = [];
let unitRunning = false;
/** Requests' units run in a row while background work waited. */
let passedOver = 0;

let choosing = false;

/** Queues a unit of work in its line; it runs when the database is free and its turn comes. */
function schedule(/** @type {Unit} */ run, /** @type {boolean} */ background) {
  (background ? backgroundUnits : requestUnits).push(run);
  chooseSoon();
}

/**
 * The next unit is chosen once the requests that came meanwhile are in their lines: PGlite runs a
 * statement synchronously on this thread, so messages pile up in the port while it works and are
 * delivered in the event loop's next poll; setImmediate runs after it.
 */
function chooseSoon() {
  if (choosing || unitRunning) return;
  choosing = true;
  setImmediate(() => {
    choosing = false;
    runNext();
  });
}

function runNext() {
  if (unitRunning) return;
  const backgroundsTurn = backgroundUnits.length > 0 && (requestUnits.length === 0 || passedOver >= REQUEST_UNITS_BEFORE_BACKGROUND);
  const unit = backgroundsTurn ? backgroundUnits.shift() : requestUnits.shift();
  if (!unit) return;
  passedOver = backgroundsTurn || backgroundUnits.length === 0 ? 0 : passedOver + 1;
  unitRunning = true;
  unit()
    .catch(() => {})
    .finally(() => {
      unitRunning = false;
      chooseSoon();
    });
}

/**
 * Registers transaction `id` at once (its statements may already be on their way) and queues its
 * start; it holds the database from its start until commit or rollback.
 * @param {number} id @param {boolean} background
 */
function begin(id, background) {
  /** @type {PromiseWithResolvers<OpenTransaction>} */
  const started = Promise.withResolvers();
  // Settles when the transaction is over: rejected when it failed (a commit PostgreSQL refused, say).
  /** @type {PromiseWithResolvers<void>} */
  const end = Promise.withResolvers();
  // Queries of a transaction that could not start fail with its error; nothing else waits on it.
  started.promise.catch(() => {});
  end.promise.catch(() => {});
  transactions.set(id, { started: started.promise, done: end.promise });
  // Its turn: PGlite then holds the database for it until commit or rollback arrives.
  schedule(
    () =>
      db
        .transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              started.resolve({ tx, commit: () => commit(undefined), rollback: () => rollback(new Rollback()) });
            }),
        )
        .then(
          () => end.resolve(),
          (error) => {
            started.reject(error);
            if (error instanceof Rollback) end.resolve();
            else end.reject(error);
          },
        )
        .finally(() => transactions.delete(id)),
    background,
  );
}

/** @param {any} request */
async function handle(request) {
  switch (request.op) {
    case 'query':
      return (await target(request)).query(request.sql, request.params, { rowMode: request.rowMode, parsers: parsersFor(request.identityParsers) });
    case 'exec':
      return (await target(request)).exec(request.sql);
    case 'begin':
      begin(request.tx, request.background === true);
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

/** @param {any} request */
function reply(request) {
  return handle(request).then(
    (result) => answer(request.id, { result }),
    (error) => answer(request.id, { error: serializeError(error) }),
  );
}

port.on('message', (request) => {
  // A transaction's statements, its end, and 'begin' itself (which queues the transaction) go at once;
  // a statement on its own, and closing, wait for their turn.
  if (request.tx !== undefined || request.op === 'begin') void reply(request);
  else schedule(() => reply(request), request.background === true);
});

db.waitReady.then(
  () => port.postMessage({ ready: true }),
  (error) => port.postMessage({ ready: false, error: serializeError(error) }),
);
