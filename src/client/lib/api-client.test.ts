import { describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api-client.ts';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response.clone());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  it('sends JSON with the session cookie and parses the answer', async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: 1 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it("reads the server's { error, code }", async () => {
    stubFetch(new Response(JSON.stringify({ error: 'Nope', code: 'forbidden:role' }), { status: 403 }));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Nope', code: 'forbidden:role' });
  });

  it('falls back to "status: text" for a non-JSON failure', async () => {
    stubFetch(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/api/x')).rejects.toThrow('502: Bad gateway');
  });

  it('sends the testPremium header only when the local flag is "true"', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await api.get('/api/x');
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('x-test-premium')).toBeNull();
    localStorage.setItem('testPremium', 'true');
    await api.get('/api/x');
    expect(new Headers(fetchMock.mock.calls[1]![1]?.headers).get('x-test-premium')).toBe('true');
  });
});
