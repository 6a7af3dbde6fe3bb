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
 * saves; work-priority.ts). The next unit is the oldest of the requests' line; background work goes
 * once no request's unit has run for QUIET_MS, or when it has waited BACKGROUND_MAX_WAIT_MS, so it
 * is never starved. A transaction's own
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

/**
 * Background work waits until no request's unit has run for this long: requests come in bursts (a
 * page asks several things at once, a search follows a send), and a background unit started in the
 * middle of one holds every later request of it (decision 044).
 */
const QUIET_MS = 20;
/** ...or until it has waited this long, so a steady stream of requests never starves it. */
const BACKGROUND_MAX_WAIT_MS = 1000;

/** @typedef {() => Promise<unknown>} Unit */
/** @type {Unit[]} */
const requestUnits = [];
/** @type {Array<{ run: Unit, since: number }>} */
const backgroundUnits = [];
let unitRunning = false;
/** When the last request's unit ended (performance.now()). */
let lastRequestEnded = -Infinity;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let quietTimer;

let choosing = false;

/** Queues a unit of work in its line; it runs when the database is free and its turn comes. */
function schedule(/** @type {Unit} */ run, /** @type {boolean} */ background) {
  if (background) backgroundUnits.push({ run, since: performance.now() });
  else requestUnits.push(run);
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

/**
 * A request's unit first; a background unit when no request waits and none ran for QUIET_MS, or when
 * it has waited BACKGROUND_MAX_WAIT_MS (then it goes before waiting requests, one unit).
 */
function runNext() {
  if (unitRunning) return;
  clearTimeout(quietTimer);
  quietTimer = undefined;
  const now = performance.now();
  const oldestBackground = backgroundUnits[0];
  const waited = oldestBackground ? now - oldestBackground.since : 0;
  const overdue = oldestBackground !== undefined && waited >= BACKGROUND_MAX_WAIT_MS;
  if (requestUnits.length > 0 && !overdue) return start(/** @type {Unit} */ (requestUnits.shift()), false);
  if (!oldestBackground) return;
  const quietFor = now - lastRequestEnded;
  if (!overdue && quietFor < QUIET_MS) {
    // Not quiet yet: look again when it would be (a request arriving meanwhile goes first).
    quietTimer = setTimeout(chooseSoon, Math.min(QUIET_MS - quietFor, BACKGROUND_MAX_WAIT_MS - waited));
    return;
  }
  backgroundUnits.shift();
  start(oldestBackground.run, true);
}

function start(/** @type {Unit} */ unit, /** @type {boolean} */ background) {
  unitRunning = true;
  unit()
    .catch(() => {})
    .finally(() => {
      unitRunning = false;
      if (!background) lastRequestEnded = performance.now();
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
