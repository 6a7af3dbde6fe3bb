import type { FastifyServerOptions } from 'fastify';

/**
 * What never reaches the log, wherever in a line it is: values under secret-looking keys
 * (passwords, hashes, tokens, cookies, authorization, API keys), a failed query's parameters
 * (Drizzle puts them in the error and its message), PostgreSQL's `detail` (it quotes the row's
 * values), argon2 hashes and URL query strings inside any text.
 */
const SECRET_KEY = /pass(word)?|secret|token|cookie|authori[sz]ation|hash|api[-_]?key|^params$|^parameters$|^detail$|^where$/i;
const REDACTED = '[redacted]';
const MAX_DEPTH = 8;

export function redactText(text: string): string {
  return text
    .replace(/params: [\s\S]*?(?=\n\s+at |$)/g, `params: ${REDACTED}`)
    .replace(/\$argon2(?:id|i|d)\$[^\s,'")]+/g, REDACTED)
    .replace(/([?&][^=\s&#?]+=)[^\s&#"')]+/g, `$1${REDACTED}`);
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function redactError(error: Error, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = { type: error.name, message: redactText(error.message), stack: redactText(error.stack ?? '') };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'message' || key === 'stack') continue;
    out[key] = SECRET_KEY.test(key) ? REDACTED : redactValue(value, depth + 1);
  }
  if (error.cause !== undefined) out.cause = redactValue(error.cause, depth + 1);
  return out;
}

/** A copy of a log value with secrets replaced; objects that are not plain data (a request) are left to their serializers. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[too deep]';
  if (value instanceof Error) return redactError(value, depth);
  if (Array.isArray(value)) return value.map((item: unknown) => redactValue(item, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? REDACTED : redactValue(item, depth + 1);
  return out;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Pino options every logger of the app gets, on top of the level and destination it is given. */
export function withRedaction(options: object): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const redacted = {
    ...options,
    serializers: {
      // Fastify's own request line, without the query string (a reset token travels in one).
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: request.url.split('?')[0] + (request.url.includes('?') ? `?${REDACTED}` : ''),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (err: unknown) => redactValue(err),
    },
    hooks: {
      // The line's message: pino would take an error's own message (Drizzle's holds the parameters).
      logMethod(args: unknown[], method: (...args: unknown[]) => void) {
        const [first, ...rest] = args;
        if (first instanceof Error) return method.apply(this, [{ err: first }, ...(rest.length ? rest : [first.message])].map((a) => redactValue(a)));
        if (first && typeof first === 'object' && rest.length === 0 && (first as { err?: unknown }).err instanceof Error) {
          return method.apply(this, [first, redactText(((first as { err: Error }).err).message)]);
        }
        return method.apply(this, args.map((a) => (typeof a === 'string' ? redactText(a) : a)));
      },
    },
    formatters: {
      log: (object: Record<string, unknown>) => redactValue(object) as Record<string, unknown>,
    },
  };
  return redacted as Exclude<FastifyServerOptions['logger'], boolean | undefined>;
}
