import type { FastifyInstance } from 'fastify';
import { MAX_JSON_DEPTH } from '#contract/limits.ts';
import { AppError } from '../errors.ts';
import { inputJsonSchema, maxJsonBytes } from './json-body-size.ts';

/**
 * Body limits of JSON routes (decision 054). A route whose body schema bounds every field gets twice the
 * largest valid body (room for whitespace), at least `floor`; a body schema without a bound, or a route
 * without a body schema, gets `unbounded`; a route's own `bodyLimit` stands.
 */
export const jsonBodyLimits = { floor: 16 * 1024, unbounded: 64 * 1024, ceiling: 1024 * 1024 } as const;

/**
 * Whether JSON text nests arrays and objects deeper than `maxDepth`: one pass over the characters,
 * skipping strings, before anything is parsed. Text that is not JSON is left to the parser to refuse.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i += 1; // backslash: the next character is escaped
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}

const limitsBySchema = new WeakMap<object, number>();

/** The body limit a route's body schema calls for (computed once per schema: apps share the contract's). */
export function bodyLimitForSchema(schema: unknown): number {
  if (!schema || typeof schema !== 'object') return jsonBodyLimits.unbounded;
  let limit = limitsBySchema.get(schema);
  if (limit === undefined) {
    const json = inputJsonSchema(schema);
    const bound = json ? maxJsonBytes(json) : Infinity;
    limit = Number.isFinite(bound) ? Math.min(jsonBodyLimits.ceiling, Math.max(jsonBodyLimits.floor, Math.ceil(2 * bound))) : jsonBodyLimits.unbounded;
    limitsBySchema.set(schema, limit);
  }
  return limit;
}

/**
 * JSON bodies are bounded before parsing work can grow with them (issue 28: a 200 KB `[[[...]]]` cost up to
 * 670 ms of the main thread): each route's size limit comes from its body schema (413 as the Content-Length
 * announces it, before a byte is read), and the nesting depth is counted on the raw text before JSON.parse
 * (400). Fastify's own parser does the rest (prototype poisoning refused, as before). Registered before the
 * routes: the limits are set as each route is added.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) return done(new AppError('bad_request:json_depth'), undefined);
    parse(request, body as string, done);
  });
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= bodyLimitForSchema(route.schema?.body);
  });
}
