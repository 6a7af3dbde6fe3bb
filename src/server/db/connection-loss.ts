/**
 * Errors that mean the database connection itself was lost, not that the statement was wrong: a
 * backend terminated (an operator's `pg_terminate_backend`, a failover, a restart), a reset socket.
 * PostgreSQL's classes 08 (connection exception) and 57P (operator intervention), the socket errors
 * Node reports, and node-postgres' own messages for a connection that died under it.
 */
const connectionSqlStates = /^(08...|57P0[1-5])$/;
const socketErrors = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const lostMessages = [/^Connection terminated/, /not queryable/, /^timeout exceeded when trying to connect/];
/**
 * The subset that proves the statement never reached the server: the client refused it (its
 * connection had already died) or no connection could be made. Such a statement can be sent again,
 * whatever it does.
 */
const neverSentMessages = [/not queryable/, /^timeout exceeded when trying to connect/];
const neverSentStates = new Set(['57P03', '08001', '08004']);
const neverSentSocketErrors = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);

interface ErrorFields {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The error and its causes (Drizzle wraps the driver's error as `cause`). */
function* chainOf(error: unknown): Generator<ErrorFields> {
  for (let current = error, hops = 0; current && typeof current === 'object' && hops < 5; current = (current as ErrorFields).cause, hops += 1) {
    yield current as ErrorFields;
  }
}

function matches(error: unknown, states: (code: string) => boolean, messages: RegExp[]): boolean {
  for (const link of chainOf(error)) {
    if (typeof link.code === 'string' && states(link.code)) return true;
    if (typeof link.message === 'string' && messages.some((pattern) => pattern.test(link.message as string))) return true;
  }
  return false;
}

/** Whether the error is the loss of the database connection (anywhere in its causes). */
export function isConnectionLost(error: unknown): boolean {
  return matches(error, (code) => connectionSqlStates.test(code) || socketErrors.has(code), lostMessages);
}

/** Whether the connection was lost before the statement reached the server (so it did nothing there). */
export function wasNeverSent(error: unknown): boolean {
  return matches(error, (code) => neverSentStates.has(code) || neverSentSocketErrors.has(code), neverSentMessages);
}

/**
 * A statement that only reads: `select ...` or a parenthesised one. A `with` may hide a data-modifying
 * CTE and is taken as a write. A select calling a function with side effects would be misread, but the
 * app has none outside transactions (whose statements are never repeated one by one).
 */
export function isReadOnlyStatement(text: string): boolean {
  return /^[\s(]*select\b/i.test(text);
}
