import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MAX_MESSAGE_LENGTH } from '#contract/chat-text.ts';
import { errorCatalog } from '#contract/errors.ts';
import { MAX_JSON_DEPTH } from '#contract/limits.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import { bodyLimitForSchema, jsonBodyLimits, nestsDeeperThan } from './json-body.ts';

/** The body issue 28 sent: 200 KB of `[[[...]]]`, 100,000 levels deep. */
const nested200k = '['.repeat(100_000) + ']'.repeat(100_000);
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[{"c":1}]}}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'a \\" [[[[ " \\\\' }), 1)).toBe(false);
    // Siblings do not add up: depth is nesting, not count.
    expect(nestsDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => [[1]])), 3)).toBe(false);
  });
});

describe('bodyLimitForSchema', () => {
  it('gives a bounded schema twice its largest body (at least the floor), and an unbounded one the default', () => {
    expect(bodyLimitForSchema(z.object({ email: z.string().max(254) }))).toBe(jsonBodyLimits.floor);
    const large = z.object({ content: z.string().max(20_000), ids: z.array(z.uuid()).max(10) });
    expect(bodyLimitForSchema(large)).toBeGreaterThan(2 * 20_000 * 6);
    expect(bodyLimitForSchema(z.object({ text: z.string() }))).toBe(jsonBodyLimits.unbounded);
    expect(bodyLimitForSchema(z.object({ list: z.array(z.number()) }))).toBe(jsonBodyLimits.unbounded);
    expect(bodyLimitForSchema(undefined)).toBe(jsonBodyLimits.unbounded);
  });
});

const t = useTestApp({}, { listen: true });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('JSON bodies on every route (issue 28, point 7)', () => {
  it('refuses a route’s oversized body from its Content-Length alone, before reading it (413)', async () => {
    // Headers announcing the 200 KB body, and no body: the answer comes without waiting for it.
    const socket = net.connect(Number(new URL(t.origin).port), '127.0.0.1');
    socket.write(`POST /api/auth/signup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${nested200k.length}\r\n\r\n`);
    let answer = '';
    for await (const chunk of socket) {
      answer += String(chunk);
      if (answer.includes('}')) break;
    }
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain(JSON.stringify({ error: errorCatalog['payload_too_large:body'].message, code: 'payload_too_large:body' }));
  });

  it('refuses a body nested deeper than the limit without parsing it (400), even on a route that takes 200 KB', async () => {
    const { user, cookie } = await t.signIn();
    const parse = vi.spyOn(JSON, 'parse');
    // Deleting conversations takes up to 500 ids: the one route whose limit is above 200 KB.
    const response = await inject(t.app, { method: 'DELETE', url: `/api/users/${user.id}/chat-sessions`, cookie, payload: nested200k, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: errorCatalog['bad_request:json_depth'].message, code: 'bad_request:json_depth' });
    expect(parse.mock.calls.some(([text]) => typeof text === 'string' && text.length >= nested200k.length)).toBe(false);
  });

  it('refuses a body over the route’s own limit though under the server’s (413), and takes the largest valid one', async () => {
    const password = 'p'.repeat(100_000);
    const signin = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload: { email: 'a@example.com', password } });
    expect(signin.statusCode).toBe(413);
    expect(signin.json().code).toBe('payload_too_large:body');

    // The longest message, every character one JSON writes as \u00XX: six bytes each, still taken.
    const { cookie, session } = await t.conversation();
    const content = '\u0001'.repeat(MAX_MESSAGE_LENGTH - 1) + '?';
    const sent = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages`, cookie, payload: { content } });
    expect(JSON.stringify({ content }).length).toBeGreaterThan(6 * (MAX_MESSAGE_LENGTH - 1));
    expect(sent.statusCode).not.toBe(413);
    expect(sent.statusCode).toBeLessThan(300);
  });

  it('still parses ordinary bodies, and refuses prototype poisoning as before', async () => {
    const signup = await inject(t.app, { method: 'POST', url: '/api/auth/signup', payload: '{"firstName":"A","__proto__":{"x":1}}', headers: { 'content-type': 'application/json' } });
    expect(signup.statusCode).toBe(400);
    const invalid = await inject(t.app, { method: 'POST', url: '/api/auth/signup', payload: '{"firstName":', headers: { 'content-type': 'application/json' } });
    expect(invalid.json()).toEqual({ error: errorCatalog['bad_request:json'].message, code: 'bad_request:json' });
  });
});
