// @ts-check
/**
 * PGlite on its own thread (see pglite-thread.ts, which starts this file and speaks to it). PGlite
 * is PostgreSQL compiled to WebAssembly: every query runs synchronously on the thread that owns it,
 * with its file I/O. Here, that thread is not the one serving HTTP, so a long query does not stall
 * every open stream, and the database works while the server thread runs JavaScript.
 *
 * Plain JavaScript on purpose: a worker thread starts without the TypeScript loader.
 *
 * Requests: { id, op: 'query', sql, params, rowMode, identityParsers, tx?, priority? } | { id, op: 'exec', sql, tx?, priority? }
 *           | { id, op: 'begin', tx, priority? } | { id, op: 'commit' | 'rollback', tx } | { id, op: 'close' }
 * The caller numbers its transactions and may send a transaction's queries right behind its
 * 'begin': they wait here until the transaction has the database.
 *
 * The database runs one unit at a time: a statement, or a transaction from 'begin' to its end. Units
 * wait here in three lines (`priority`, work-priority.ts): requests', background work's (titles,
 * progress saves, heartbeats) and idle work's (the job queue). The next unit is the oldest request's;
 * background work goes when no request waits, or after REQUEST_UNITS_BEFORE_BACKGROUND request units
 * in a row; idle work once no request's unit has run for QUIET_MS, or when it has waited
 * IDLE_MAX_WAIT_MS. Nothing is starved. A transaction's own
 * statements, and its commit or rollback, go straight to it: it holds the database already.
 * Answers:  { id, result } | { id, error: { message, ...fields of the PostgreSQL error } }
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

/** Ends a transaction's callback without committing. */
class Rollback extends Error {}

// pgvector, as every PGlite of the app loads it (client.ts, pgliteExtensions; decision 085).
const db = new PGlite(workerData.dataDir, { extensions: { vector } });
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
/**
 * Idle work waits until no request's unit has run for this long: requests come in bursts (a page asks
 * several things at once, a search follows a send), and an idle unit started between two of them (an
 * index batch: up to 100 ms) holds every later one (decision 044).
 */
const QUIET_MS = 20;
/** ...or until it has waited this long, so a steady stream of requests never starves it. */
const IDLE_MAX_WAIT_MS = 1000;

/** @typedef {() => Promise<unknown>} Unit */
/** @typedef {'request' | 'background' | 'idle'} Priority */
/** @type {Unit[]} */
const requestUnits = [];
/** @type {Unit[]} */
const backgroundUnits = [];
/** @type {Array<{ run: Unit, since: number }>} */
const idleUnits = [];
let unitRunning = false;
/** Requests' units run in a row while background work waited. */
let passedOver = 0;
/** When the last request's unit ended (performance.now()). */
let lastRequestEnded = -Infinity;
/** Whether the unit that ran last was idle work that went ahead of waiting units. */
let lastWasOverdue = false;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let quietTimer;

let choosing = false;

/** Queues a unit of work in its line; it runs when the database is free and its turn comes. */
function schedule(/** @type {Unit} */ run, /** @type {Priority} */ priority) {
  if (priority === 'idle') idleUnits.push({ run, since: performance.now() });
  else (priority === 'background' ? backgroundUnits : requestUnits).push(run);
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
 * Requests first; background work when no request waits, or after REQUEST_UNITS_BEFORE_BACKGROUND
 * request units in a row; idle work when neither waits and no request's unit ran for QUIET_MS, or
 * once it has waited IDLE_MAX_WAIT_MS (then one unit of it, then one of the others, and so on while
 * both wait).
 */
function runNext() {
  if (unitRunning) return;
  clearTimeout(quietTimer);
  quietTimer = undefined;
  const now = performance.now();
  const othersWait = requestUnits.length > 0 || backgroundUnits.length > 0;
  const oldestIdle = idleUnits[0];
  const waited = oldestIdle ? now - oldestIdle.since : 0;
  if (oldestIdle && waited >= IDLE_MAX_WAIT_MS && !(lastWasOverdue && othersWait)) {
    idleUnits.shift();
    return start(oldestIdle.run, 'idle', othersWait);
  }
  const backgroundsTurn = backgroundUnits.length > 0 && (requestUnits.length === 0 || passedOver >= REQUEST_UNITS_BEFORE_BACKGROUND);
  const unit = backgroundsTurn ? backgroundUnits.shift() : requestUnits.shift();
  if (unit) {
    passedOver = backgroundsTurn || backgroundUnits.length === 0 ? 0 : passedOver + 1;
    return start(unit, backgroundsTurn ? 'background' : 'request', false);
  }
  if (!oldestIdle) return;
  const quietFor = now - lastRequestEnded;
  if (quietFor < QUIET_MS) {
    // Not quiet yet: look again when it would be (a request arriving meanwhile goes first).
    quietTimer = setTimeout(chooseSoon, Math.min(QUIET_MS - quietFor, IDLE_MAX_WAIT_MS - waited));
    return;
  }
  idleUnits.shift();
  start(oldestIdle.run, 'idle', false);
}

function start(/** @type {Unit} */ unit, /** @type {Priority} */ priority, /** @type {boolean} */ overdue) {
  unitRunning = true;
  lastWasOverdue = overdue;
  unit()
    .catch(() => {})
    .finally(() => {
      unitRunning = false;
      if (priority === 'request') lastRequestEnded = performance.now();
      chooseSoon();
    });
}

/**
 * Registers transaction `id` at once (its statements may already be on their way) and queues its
 * start; it holds the database from its start until commit or rollback.
 * @param {number} id @param {Priority} priority
 */
function begin(id, priority) {
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
    priority,
  );
}

/** @returns {Priority} @param {{ priority?: unknown }} request */
function priorityOf(request) {
  return request.priority === 'background' || request.priority === 'idle' ? request.priority : 'request';
}

/** @param {any} request */
async function handle(request) {
  switch (request.op) {
    case 'query':
      return (await target(request)).query(request.sql, request.params, { rowMode: request.rowMode, parsers: parsersFor(request.identityParsers) });
    case 'exec':
      return (await target(request)).exec(request.sql);
    case 'begin':
      begin(request.tx, priorityOf(request));
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
  else schedule(() => reply(request), priorityOf(request));
});

db.waitReady.then(
  () => port.postMessage({ ready: true }),
  (error) => port.postMessage({ ready: false, error: serializeError(error) }),
);
