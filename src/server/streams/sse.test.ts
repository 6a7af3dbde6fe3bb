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
    const connection = connections.start(request, reply);
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
