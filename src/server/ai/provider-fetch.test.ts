import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { APICallError } from 'ai';
import { createJsonResponseHandler, createStatusCodeErrorResponseHandler, postJsonToApi } from '@ai-sdk/provider-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freePort } from '#tests/helpers/free-port.ts';
import { createProviderFetch } from './provider-fetch.ts';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;
const routes = new Map<string, Handler>();
const server = http.createServer(async (request, response) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  routes.get(request.url!)?.(request, response, body);
});
let origin = '';
const providerFetch = createProviderFetch();

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
});

function route(path: string, handler: Handler): string {
  routes.set(path, handler);
  return `${origin}${path}`;
}

async function readAll(response: Response): Promise<string> {
  return new TextDecoder().decode(await response.arrayBuffer());
}

describe('the providers’ fetch', () => {
  it('sends the method, headers and body, and answers status, status text, headers and body', async () => {
    let seen: { method?: string; type?: string; auth?: string; length?: string; body?: string } = {};
    const url = route('/echo', (request, response, body) => {
      seen = { method: request.method, type: request.headers['content-type'], auth: request.headers.authorization, length: request.headers['content-length'], body };
      response.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'abc' }).end('{"ok":true}');
    });
    const body = JSON.stringify({ question: 'Où allons-nous ?' });
    const response = await providerFetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer key' }, body });
    expect(seen).toEqual({ method: 'POST', type: 'application/json', auth: 'Bearer key', length: String(Buffer.byteLength(body)), body });
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.statusText).toBe('Created');
    expect(response.headers.get('x-request-id')).toBe('abc');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('rejects, never throws, when the request cannot be made: a header with a line break, a method that is no token', async () => {
    const url = route('/never', (_request, response) => response.end());
    for (const init of [{ headers: { authorization: 'Bearer key\nx-injected: 1' } }, { method: 'NOT A TOKEN' }]) {
      let answer: Promise<Response> | undefined;
      expect(() => (answer = providerFetch(url, init))).not.toThrow();
      await expect(answer).rejects.toThrow(TypeError);
    }
  });

  it('hands each chunk on as it arrives, before the body ends', async () => {
    let finish = () => {};
    const url = route('/stream', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: first\n\n');
      finish = () => response.end('data: last\n\n');
    });
    const reader = (await providerFetch(url)).body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: first\n\n');
    finish();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: last\n\n');
    expect((await reader.read()).done).toBe(true);
  });

  it('decodes a compressed body and gives none for 204', async () => {
    const gzipped = route('/gzip', (_request, response) => response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('compressed words')));
    expect(await readAll(await providerFetch(gzipped))).toBe('compressed words');
    const empty = await providerFetch(route('/empty', (_request, response) => response.writeHead(204).end()));
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('rejects with the signal’s reason when aborted before the answer, and ends the body with it after', async () => {
    const closed: string[] = [];
    let arrived = false;
    const held = route('/held', (request, response) => {
      arrived = true;
      response.on('close', () => closed.push(request.url!));
    });
    const before = new AbortController();
    const waiting = providerFetch(held, { signal: before.signal });
    const reason = new Error('the user stopped the reply');
    await expect.poll(() => arrived).toBe(true);
    before.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    await expect.poll(() => closed).toContain('/held');

    const during = new AbortController();
    const url = route('/half', (_request, response) => response.writeHead(200).write('part'));
    const reader = (await providerFetch(url, { signal: during.signal })).body!.getReader();
    await reader.read();
    during.abort(reason);
    await expect(reader.read()).rejects.toBe(reason);

    const already = new AbortController();
    already.abort(reason);
    await expect(providerFetch(url, { signal: already.signal })).rejects.toBe(reason);
  });

  it('fails as fetch does: "fetch failed" with the cause when nothing answers, "terminated" when the body is cut short', async () => {
    const refused = await providerFetch(`http://127.0.0.1:${await freePort()}/v1`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TypeError);
    expect(refused).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNREFUSED' } });

    const url = route('/cut', (_request, response) => {
      response.writeHead(200, { 'content-length': '100' }).write('only part');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const reader = (await providerFetch(url)).body!.getReader();
    await reader.read();
    await expect(reader.read()).rejects.toMatchObject({ name: 'TypeError', message: 'terminated' });
  });

  it('is what the AI SDK expects: an unreachable provider is a retryable APICallError, an answer is parsed', async () => {
    const call = (url: string) =>
      postJsonToApi({
        url,
        body: { model: 'm' },
        fetch: providerFetch,
        successfulResponseHandler: createJsonResponseHandler(z.object({ id: z.string() })),
        failedResponseHandler: createStatusCodeErrorResponseHandler(),
      });
    const ok = route('/v1/ok', (_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"r1"}'));
    expect((await call(ok)).value).toEqual({ id: 'r1' });
    const unreachable = await call('http://127.0.0.1:1/v1').catch((error: unknown) => error);
    expect(APICallError.isInstance(unreachable) && unreachable.isRetryable).toBe(true);
    const limited = route('/v1/limited', (_request, response) => response.writeHead(429).end('slow down'));
    const refused = await call(limited).catch((error: unknown) => error);
    expect(APICallError.isInstance(refused) && refused.statusCode).toBe(429);
  });

  it('lets a read body die young: minor collections promote far less than behind the global fetch (decision 047)', { timeout: 60_000 }, async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
    const chunk = `data: ${JSON.stringify({ choices: [{ delta: { content: 'x'.repeat(200) } }] })}\n\n`;
    const url = route('/sse', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < 30; i++) response.write(chunk);
      response.end();
    });
    const oldSpace = () => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;
    /** Old-space growth after reading 150 bodies as the AI SDK does, then two minor collections with turns of the event loop between. */
    const promotedBy = async (fetchBody: typeof fetch) => {
      const readMany = async (count: number) => {
        for (let i = 0; i < count; i++) {
          const reader = (await fetchBody(url)).body!.pipeThrough(new TextDecoderStream()).getReader();
          while (!(await reader.read()).done);
          reader.releaseLock();
        }
      };
      await readMany(20);
      gc({ type: 'major' });
      const before = oldSpace();
      await readMany(150);
      for (let i = 0; i < 3; i++) {
        gc({ type: 'minor' });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return oldSpace() - before;
    };
    // Measured: about 17 kB per body behind the global fetch, 5 kB behind this one. Should the global
    // fetch stop keeping bodies (a Node release), this fails: decision 047's reason is then gone.
    // Anything else the worker allocates meanwhile only adds to a measure, never takes from it: the least
    // of three tries of each is the one closest to what the bodies alone leave behind.
    const least = async (fetchBody: typeof fetch) => Math.min(await promotedBy(fetchBody), await promotedBy(fetchBody), await promotedBy(fetchBody));
    const global = await least(fetch);
    const ours = await least(providerFetch);
    expect(ours, `promoted ${ours} bytes, ${global} behind the global fetch`).toBeLessThan(global / 2);
  });
});
