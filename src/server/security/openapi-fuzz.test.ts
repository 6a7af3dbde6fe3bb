import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingTestApp, startCheckout, type BillingTestApp } from '#tests/helpers/billing-app.ts';
import { ask, createChatSession, waitForMessage } from '#tests/helpers/chat-api.ts';
import { attachAndAnalyse } from '#tests/helpers/documents-api.ts';
import { errorCatalog } from '#contract/errors.ts';
import { MAX_JSON_DEPTH } from '#contract/limits.ts';
import { jsonBodyLimits } from '#server/plugins/json-body.ts';
import { anyJson, fuzzed, hostileString, type JsonSchema } from '#tests/helpers/schema-arbitrary.ts';
import { signUpVerifiedUser } from '#tests/helpers/test-app.ts';

/**
 * Issue 9, point 3: a property-based fuzz of every operation in the OpenAPI document. Each run picks
 * an operation and sends path parameters, query and body generated from its schemas, with hostile
 * values anywhere (NUL, lone surrogates, huge strings, wrong types), as a signed-in Premium user
 * that owns real conversations, messages and documents (so requests reach past validation), or
 * anonymously. The property: the server never answers 500 and never throws.
 *
 * Bounded in time (FUZZ_MS, 8 s by default) and seeded (FUZZ_SEED replays a failure: the seed is
 * in the failure message).
 */
const budgetMs = Number(process.env.FUZZ_MS ?? 8000);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() ^ (Math.random() * 0x7fffffff);

interface Operation {
  method: string;
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  query: Array<{ name: string; schema: JsonSchema }>;
  body?: JsonSchema;
}

type Parameter = { in: string; name: string; schema: JsonSchema };
type OperationObject = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } };

function operationsOf(document: { paths: Record<string, Record<string, OperationObject>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map(({ name, schema }) => ({ name, schema })),
      query: (operation.parameters ?? []).filter((p) => p.in === 'query').map(({ name, schema }) => ({ name, schema })),
      body: operation.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

/** Percent-encodes like encodeURIComponent, and a lone surrogate as the bytes a careless client would send. */
function encodeLoose(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    else out += encodeURIComponent(char);
  }
  return out;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

let t: BillingTestApp;
let ids: string[];
let cookie: string;

beforeAll(async () => {
  t = await createBillingTestApp();
  const owner = await signUpVerifiedUser(t);
  await t.stripe.pay((await startCheckout(t, owner.cookie)).subscriptionId);
  await t.stripe.idle();
  cookie = owner.cookie;
  const session = await createChatSession(t.app, cookie);
  const { userMessage, assistantMessage } = await ask(t.app, cookie, session.id, 'How do we grow?');
  await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
  const document = await attachAndAnalyse(t.app, cookie, session.id, { name: 'plan.txt', type: 'text/plain' });
  ids = [owner.user.id, session.id, userMessage.id, assistantMessage.id, document.id];
});
afterAll(async () => {
  await t?.close();
});

describe('fuzz of every operation in the OpenAPI document', () => {
  it(`never answers 500 (seed ${seed}, ${budgetMs} ms)`, async () => {
    const operations = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]);
    expect(operations.length).toBeGreaterThan(30);

    const requestFor = (operation: Operation) =>
      fc.record({
        operation: fc.constant(operation),
        // Real ids of the signed-in user's things most of the time, so the handlers run to the end.
        params: fc.tuple(...operation.pathParams.map((p) => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fuzzed(p.schema).map(asText) }))),
        query: fc.tuple(...operation.query.map((q) => fc.option(fuzzed(q.schema).map(asText), { nil: undefined }))),
        body: operation.body
          ? fc.oneof({ weight: 8, arbitrary: fuzzed(operation.body) }, { weight: 1, arbitrary: anyJson }, { weight: 1, arbitrary: hostileString.map((raw) => ({ raw })) })
          : fc.constant(undefined),
        anonymous: fc.nat(9).map((n) => n < 2),
      });
    const request = fc.constantFrom(...operations).chain(requestFor);

    const seen = new Set<string>();
    const statuses: Record<number, number> = {};
    const send = async ({ operation, params, query, body, anonymous }: Parameters<Parameters<typeof request.map>[0]>[0]) => {
      seen.add(`${operation.method} ${operation.path}`);
      let url = operation.path;
      operation.pathParams.forEach((p, i) => {
        url = url.replace(`{${p.name}}`, encodeLoose(String(params[i])) || '%20');
      });
      const search = operation.query
        .map((q, i) => (query[i] === undefined ? undefined : `${encodeURIComponent(q.name)}=${encodeLoose(query[i])}`))
        .filter(Boolean)
        .join('&');
      if (search) url += `?${search}`;
      // Signing out would end the fuzzing user's session: log out anonymously.
      const withCookie = !anonymous && operation.path !== '/api/auth/logout';
      const raw = body && typeof body === 'object' && 'raw' in body ? (body as { raw: string }).raw : undefined;
      const response = await t.app.inject({
        method: operation.method as 'GET',
        url,
        headers: { ...(withCookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body === undefined ? {} : { payload: raw ?? JSON.stringify(body) }),
      });
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
      if (response.statusCode === 500) {
        throw new Error(`${operation.method} ${url.slice(0, 300)} answered 500: ${response.body.slice(0, 300)} (replay with FUZZ_SEED=${seed})`);
      }
    };

    // Every operation at least twice, then operations at random until the time is up.
    for (const operation of operations) {
      for (const sample of fc.sample(requestFor(operation), { seed, numRuns: 2 })) await send(sample);
    }
    await fc.assert(fc.asyncProperty(request, send), { seed, numRuns: 1_000_000, interruptAfterTimeLimit: budgetMs, markInterruptAsFailure: false });
    expect([...seen].length).toBe(operations.length);
    await t.app.jobs.runUntilIdle();
    console.warn(`fuzz (seed ${seed}): ${operations.length} operations, answers by status ${JSON.stringify(statuses)}`);
  }, budgetMs + 60_000);
});

/**
 * Issue 28, must-deliver 5: bodies built to cost the parser, sent to every operation that takes a body,
 * signed in and anonymously. Each is refused cleanly, in the contract's shape: too deep (400, under every
 * route's size limit, so only the depth refuses it), too large (413, over the largest limit any route has),
 * or first 401 for an anonymous caller on a route that needs a session (403 for a non-admin on an admin route).
 */
describe('nested and oversized bodies on every operation', () => {
  const depth = (levels: number, open: string, close: string) => open.repeat(levels) + close.repeat(levels);
  const hostileBodies = [
    { name: 'arrays nested 5,000 deep', text: depth(5_000, '[', ']'), code: 'bad_request:json_depth' as const },
    { name: 'objects nested 2,000 deep', text: depth(2_000, '{"a":', '}').replace(/:}/, ':1}'), code: 'bad_request:json_depth' as const },
    { name: `arrays nested ${MAX_JSON_DEPTH + 1} deep`, text: depth(MAX_JSON_DEPTH + 1, '[', ']'), code: 'bad_request:json_depth' as const },
    { name: 'a flat body over the largest limit', text: JSON.stringify({ content: 'x'.repeat(jsonBodyLimits.ceiling) }), code: 'payload_too_large:body' as const },
  ];

  it('refuses each with 400 or 413 and the contract’s message (or 401/403 where the caller may not call the route)', async () => {
    expect(hostileBodies[0]!.text.length).toBeLessThan(jsonBodyLimits.floor);
    expect(hostileBodies[1]!.text.length).toBeLessThan(jsonBodyLimits.floor);
    const operations = operationsOf(t.app.swagger() as Parameters<typeof operationsOf>[0]).filter((operation) => operation.method !== 'GET');
    expect(operations.length).toBeGreaterThan(20);
    // A user of its own: the fuzz above may have signed the owner out, changed their password or deleted them.
    const { cookie } = await signUpVerifiedUser(t);
    // From an address of its own: the fuzz above may already have spent a per-address limit (30 a minute on
    // the billing writes) from the default one, and the refusal asked for here is the body's, not a 429.
    const remoteAddress = '198.51.100.20';
    const unexpected: string[] = [];
    for (const operation of operations) {
      const url = operation.pathParams.reduce((path, p, i) => path.replace(`{${p.name}}`, ids[i % ids.length]!), operation.path);
      for (const body of hostileBodies) {
        for (const anonymous of [false, true]) {
          const response = await t.app.inject({
            method: operation.method as 'POST',
            url,
            headers: { 'content-type': 'application/json', ...(anonymous ? {} : { cookie }) },
            payload: body.text,
            remoteAddress,
          });
          // Who may call the route is decided first: anonymously 401, and 403 for the (non-admin) fuzzing user on admin routes.
          const refusals = [
            { status: errorCatalog[body.code].status, code: body.code },
            ...(anonymous ? [{ status: 401, code: 'unauthorized:auth' }] : operation.path.startsWith('/api/admin/') ? [{ status: 403, code: 'forbidden:auth' }] : []),
          ];
          const answer = response.json() as { error?: string; code?: string };
          const clean = refusals.some((refusal) => response.statusCode === refusal.status && answer.code === refusal.code && answer.error === errorCatalog[refusal.code as keyof typeof errorCatalog].message);
          if (!clean) unexpected.push(`${operation.method} ${operation.path} ${body.name}${anonymous ? ' (anonymous)' : ''}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(unexpected).toEqual([]);
  }, 120_000);
});
