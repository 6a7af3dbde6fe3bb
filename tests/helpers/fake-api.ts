/**
 * Client tests: the API answered by handlers in the test, through a stubbed fetch (the page's only
 * way to the server), with every call recorded. Routes are 'METHOD /path', where ':name' matches one
 * segment; a call no route answers gets the API's 404. Only test files import this.
 */
import { vi } from 'vitest';
import { errorCatalog, type ErrorCode } from '#contract/errors.ts';

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** What a handler answers: a body (sent as JSON with 200) or a whole Response. */
export type ApiHandler = (call: ApiCall & { params: Record<string, string> }) => unknown;

/** A text/event-stream answer whose body arrives in these chunks, as the server would send them. */
export function sseResponse(chunks: string[], status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The API's own error answer for a code: `{ error, code }` with the code's status. */
export function apiError(code: ErrorCode): Response {
  return json(errorCatalog[code].status, { error: errorCatalog[code].message, code });
}

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(':')) params[want[i]!.slice(1)] = decodeURIComponent(got[i]!);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

export function stubApi(routes: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const call: ApiCall = { method, path: url.pathname, search: url.searchParams, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      for (const [route, handler] of Object.entries(routes)) {
        const [routeMethod, pattern] = route.split(' ');
        const params = routeMethod === method ? match(pattern!, url.pathname) : null;
        if (!params) continue;
        const answer = await handler({ ...call, params });
        return answer instanceof Response ? answer : json(200, answer);
      }
      return apiError('not_found:route');
    }),
  );
  return {
    calls,
    /** The calls made with this method to paths matching the pattern. */
    callsTo: (method: string, pattern: string) => calls.filter((c) => c.method === method && match(pattern, c.path)),
  };
}
