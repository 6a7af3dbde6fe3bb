/**
 * Streaming replies, end to end: the real app (its own process, PGlite in a temp dir) talking to
 * the fake OpenAI-compatible server (another process) that sends its first token at once.
 *  (a) first-token latency the server adds: POST message -> first text on the SSE stream, minus the
 *      fake server's own time from request to first chunk, over 500 sequential sends (p50, p99);
 *      the fake runs in its own process and the client uses node:http, so neither adds its own
 *      event-loop time to the server's figure;
 *  (b) 200 replies streaming at the same time on one process: errors and the server's peak RSS.
 * Targets: p99 added latency < 25 ms; 0 errors. Run alone with `npx tsx bench/chat-stream.ts`.
 */
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FakeStep } from '../tests/fakes/openai-server.ts';
import type { FakeProcessMessage } from './servers/fake-openai-server.ts';
import { startServer, type RunningServer } from './lib.ts';

/** Sends measured, after WARMUP_SENDS that are not (connection set-up, JIT). */
const SENDS = Number(process.env.BENCH_CHAT_SENDS ?? 500);
const WARMUP_SENDS = 20;
const PARALLEL = Number(process.env.BENCH_CHAT_PARALLEL ?? 200);
const SENDS_PER_SESSION = 10;

interface Client {
  url: string;
  cookie: string;
}

// node:http with keep-alive rather than fetch: the measuring client should add as little of its own time as it can.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

function request(client: Client, method: string, url: string, headers: Record<string, string>, body?: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${client.url}${url}`, { method, agent, headers: { cookie: client.cookie, ...headers } }, resolve);
    req.on('error', reject);
    req.end(body);
  });
}

async function api(client: Client, method: string, url: string, body?: unknown) {
  const response = await request(client, method, url, body ? { 'content-type': 'application/json' } : {}, body ? JSON.stringify(body) : undefined);
  let text = '';
  response.setEncoding('utf8');
  for await (const part of response) text += part;
  return { status: response.statusCode!, json: text ? JSON.parse(text) : null };
}

/** Reads an SSE stream; resolves when the first text arrives (onFirstText) and when the final event comes. */
async function followStream(client: Client, url: string, onFirstText: () => void): Promise<{ event: string; data: { status?: string; content?: string } }> {
  const response = await request(client, 'GET', url, { accept: 'text/event-stream' });
  if (response.statusCode !== 200) throw new Error(`stream answered ${response.statusCode}`);
  response.setEncoding('utf8');
  let buffer = '';
  let sawText = false;
  for await (const part of response) {
    buffer += part as string;
    let split = buffer.indexOf('\n\n');
    while (split !== -1) {
      const block = buffer.slice(0, split);
      buffer = buffer.slice(split + 2);
      split = buffer.indexOf('\n\n');
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || !data) continue;
      const parsed = JSON.parse(data) as { text?: string; content?: string; status?: string };
      if (!sawText && ((event === 'delta' && parsed.text) || (event === 'snapshot' && parsed.content))) {
        sawText = true;
        onFirstText();
      }
      if (event === 'done' || event === 'error') return { event, data: parsed };
    }
  }
  throw new Error('stream ended without a final event');
}

/** The fake provider, running in its own process (see bench/servers/fake-openai-server.ts). */
class FakeProvider {
  private nextId = 0;
  private readonly waiting = new Map<number, (providerMs: number | null) => void>();

  constructor(readonly server: RunningServer) {
    server.child.on('message', (message: { type?: string; id?: number; providerMs?: number | null }) => {
      if (message.type !== 'timing') return;
      this.waiting.get(message.id!)?.(message.providerMs ?? null);
      this.waiting.delete(message.id!);
    });
  }

  get baseUrl() {
    return `${this.server.url}/v1`;
  }

  configure(settings: Omit<Extract<FakeProcessMessage, { type: 'configure' }>, 'type'>): Promise<void> {
    return new Promise((resolve) => {
      this.server.child.once('message', () => resolve());
      this.server.child.send({ type: 'configure', ...settings } satisfies FakeProcessMessage);
    });
  }

  /** The provider's own time from having the request to writing its first chunk, for the request carrying `marker`. */
  providerMs(marker: string): Promise<number | null> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.server.child.send({ type: 'timing', id, marker } satisfies FakeProcessMessage);
    });
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function newSession(client: Client): Promise<string> {
  const response = await api(client, 'POST', '/api/chat-sessions', { executiveRole: 'CFO', industry: 'Finance' });
  if (response.status !== 201) throw new Error(`session: ${response.status} ${JSON.stringify(response.json)}`);
  return response.json.id;
}

async function firstTokenLatency(client: Client, fake: FakeProvider) {
  const added: number[] = [];
  const total: number[] = [];
  const provider: number[] = [];
  let sessionId = '';
  for (let i = 0; i < WARMUP_SENDS + SENDS; i++) {
    if (i % SENDS_PER_SESSION === 0) sessionId = await newSession(client);
    const marker = `[first-token-${i}]`;
    const started = performance.now();
    let firstText = 0;
    const sent = await api(client, 'POST', `/api/chat-sessions/${sessionId}/messages`, { content: `What should we do next? ${marker}` });
    if (sent.status !== 201) throw new Error(`send ${i}: ${sent.status} ${JSON.stringify(sent.json)}`);
    const final = await followStream(client, `/api/chat-sessions/${sessionId}/messages/${sent.json.assistantMessage.id}/stream`, () => {
      firstText = performance.now();
    });
    if (final.event !== 'done') throw new Error(`send ${i} ended with ${final.event}`);
    const providerMs = await fake.providerMs(marker);
    if (providerMs === null) throw new Error(`send ${i}: the fake server saw no request`);
    // Warm-up: the first sends pay for connection set-up and JIT; keep them out of the figures.
    if (i < WARMUP_SENDS) continue;
    total.push(firstText - started);
    provider.push(providerMs);
    added.push(firstText - started - providerMs);
  }
  added.sort((a, b) => a - b);
  total.sort((a, b) => a - b);
  provider.sort((a, b) => a - b);
  return { added, total, provider };
}

async function parallelStreams(client: Client, pid: number) {
  const sessions = await Promise.all(Array.from({ length: PARALLEL }, () => newSession(client)));
  const rssBefore = rssOf(pid);
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(pid))), 20);
  const errors: string[] = [];
  const started = performance.now();
  await Promise.all(
    sessions.map(async (sessionId, i) => {
      try {
        const sent = await api(client, 'POST', `/api/chat-sessions/${sessionId}/messages`, { content: `Parallel question ${i} [parallel-${i}]` });
        if (sent.status !== 201) throw new Error(`send answered ${sent.status}`);
        const final = await followStream(client, `/api/chat-sessions/${sessionId}/messages/${sent.json.assistantMessage.id}/stream`, () => {});
        if (final.event !== 'done' || final.data.status !== 'complete') throw new Error(`ended with ${final.event} ${JSON.stringify(final.data).slice(0, 120)}`);
        if (!final.data.content?.startsWith('Stream ')) throw new Error('unexpected content');
      } catch (error) {
        errors.push(String(error));
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, rssOf(pid));
  return { errors, peakRss, rssBefore, elapsedMs };
}

export async function runChatStreamBench(): Promise<boolean> {
  const fake = new FakeProvider(await startServer('bench/servers/fake-openai-server.ts'));
  await fake.configure({ defaultReply: Array.from({ length: 30 }, (_, i) => `token${i}`).join(' '), titleReply: 'Bench Conversation' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'co-bench-chat-'));
  const email = `bench.chat.${Date.now()}@example.com`;
  const app = await startServer('bench/servers/app-server.ts', {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.baseUrl,
    AI_MODEL: 'bench-model',
    ADMIN_EMAILS: email,
    RATE_LIMIT_CHAT_PER_MINUTE: '1000000',
    RATE_LIMIT_SIGNUP_PER_HOUR: '1000',
  });
  try {
    const signup = await fetch(`${app.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email, password: 'benchmark password' }),
    });
    if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
    const client: Client = { url: app.url, cookie: signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
    const me = await api(client, 'GET', '/api/auth/me');
    if (!me.json?.isPremium) throw new Error('the bench user is not Premium');

    const latency = await firstTokenLatency(client, fake);
    // (b): longer replies, with a pause between tokens, so all of them are streaming at once.
    const streamReply = `Stream ${Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ')}`;
    await fake.configure({ when: { marker: '[parallel-', steps: Array.from({ length: PARALLEL }, (): FakeStep => ({ reply: streamReply, delayMs: 5 })) } });
    const streams = await parallelStreams(client, app.child.pid!);

    const ms = (n: number) => `${n.toFixed(2)} ms`;
    const p99Added = percentile(latency.added, 99);
    const database = process.env.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : 'PGlite on its thread';
    console.log(`\nChat streaming: real app (${database}) + fake OpenAI-compatible server, first token sent at once`);
    console.log(`  (a) first token, ${latency.added.length} sequential sends measured (after ${WARMUP_SENDS} warm-up)`);
    console.log(`      POST -> first text on SSE      p50 ${ms(percentile(latency.total, 50))}   p99 ${ms(percentile(latency.total, 99))}`);
    console.log(`      fake server's own first chunk  p50 ${ms(percentile(latency.provider, 50))}   p99 ${ms(percentile(latency.provider, 99))}`);
    console.log(`      added by the server            p50 ${ms(percentile(latency.added, 50))}   p99 ${ms(p99Added)}   (target p99 < 25 ms)`);
    console.log(`  (b) ${PARALLEL} simultaneous streaming replies (101 tokens, 5 ms apart)`);
    console.log(`      errors ${streams.errors.length}   wall time ${ms(streams.elapsedMs)}   (target 0 errors)`);
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    console.log(`      server RSS before ${mib(streams.rssBefore)}   peak during ${mib(streams.peakRss)} (with PGlite, its WebAssembly heap is most of it)`);
    for (const error of streams.errors.slice(0, 5)) console.log(`      error: ${error}`);
    const pass = p99Added < 25 && streams.errors.length === 0;
    console.log(`  ${pass ? 'PASS' : 'FAIL'}`);
    return pass;
  } finally {
    await app.stop();
    await fake.server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pass = await runChatStreamBench();
  process.exit(pass ? 0 : 1);
}
