import http from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseConnections } from './sse.ts';

const connections = new SseConnections(30);
// fetch (undici) opens a spare connection that would otherwise keep close() waiting for its idle timeout.
const app = Fastify({ logger: false, forceCloseConnections: true });
let origin: string;
let closedByClient = 0;

beforeAll(async () => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-from-hook', 'kept');
  });
  app.get('/events', async (request, reply) => {
    const connection = connections.start(request, reply, 'account-a');
    connection.send('delta', 5, { text: 'hello' });
    connection.onClose(() => (closedByClient += 1));
  });
  app.addHook('preClose', async () => connections.closeAll());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app.close();
});

async function readUntil(response: Response, predicate: (text: string) => boolean): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!predicate(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

describe('SseConnections', () => {
  it('writes SSE headers (keeping hook headers), a reconnect delay, events with ids and heartbeat comments', async () => {
    const response = await fetch(`${origin}/events`);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('x-from-hook')).toBe('kept');
    const text = await readUntil(response, (t) => (t.match(/: heartbeat/g) ?? []).length >= 2);
    expect(text.startsWith('retry: 2000\n\n')).toBe(true);
    expect(text).toContain('id: 5\nevent: delta\ndata: {"text":"hello"}\n\n');
    expect(text).toContain(': heartbeat\n\n');
  });

  it('runs close listeners when the client leaves, and ends open streams when the server closes', async () => {
    const before = closedByClient;
    const response = await fetch(`${origin}/events`);
    await readUntil(response, (t) => t.includes('hello'));
    await expect.poll(() => closedByClient).toBe(before + 1);

    const open = await fetch(`${origin}/events`);
    const reader = open.body!.getReader();
    await reader.read();
    connections.closeAll();
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(done).toBe(true);
  });
});

describe('a finished stream’s connection', () => {
  it('stays open for the next request (the next reply’s stream needs no new connection), and a closing server still ends it', async () => {
    // Fastify's defaults, as the app has them: idle connections are closed when the server closes.
    const server = Fastify({ logger: false });
    const own = new SseConnections(30_000);
    server.get('/reply', async (request, reply) => {
      const connection = own.start(request, reply, 'account-a');
      connection.send('done', 1, { status: 'complete' });
      connection.end();
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/reply`;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ text: string; reused: boolean; connection: string | undefined }>((resolve, reject) => {
        const request = http.get(url, { agent }, async (response) => {
          let text = '';
          for await (const chunk of response) text += chunk;
          resolve({ text, reused: request.reusedSocket, connection: response.headers.connection });
        });
        request.on('error', reject);
      });
    const first = await get();
    const second = await get();
    expect(first.text).toContain('event: done');
    expect(first.connection).toBe('keep-alive');
    expect(second).toMatchObject({ reused: true, connection: 'keep-alive' });
    // The kept connection is idle: closing the server does not wait for it.
    await server.close();
    agent.destroy();
  });
});
