/**
 * Streaming replies, end to end: the real app (its own process, PGlite in a temp dir) talking to
 * the fake OpenAI-compatible server (this process) that sends its first token at once.
 *  (a) first-token latency the server adds: POST message -> first text on the SSE stream, minus the
 *      fake server's own time from request to first chunk, over 500 sequential sends (p50, p99);
 *  (b) 200 replies streaming at the same time on one process: errors and the server's peak RSS.
 * Targets: p99 added latency < 25 ms; 0 errors. Run alone with `npx tsx bench/chat-stream.ts`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../tests/fakes/openai-server.ts';
import { startServer } from './lib.ts';

const SENDS = Number(process.env.BENCH_CHAT_SENDS ?? 500);
const PARALLEL = Number(process.env.BENCH_CHAT_PARALLEL ?? 200);
const SENDS_PER_SESSION = 10;

interface Client {
  url: string;
  cookie: string;
}

async function api(client: Client, method: string, url: string, body?: unknown) {
  const response = await fetch(`${client.url}${url}`, {
    method,
    headers: { cookie: client.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

/** Reads an SSE stream; resolves when the first text arrives (onFirstText) and when the final event comes. */
async function followStream(client: Client, url: string, onFirstText: () => void): Promise<{ event: string; data: { status?: string; content?: string } }> {
  const response = await fetch(`${client.url}${url}`, { headers: { cookie: client.cookie, accept: 'text/event-stream' } });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  let sawText = false;
  for await (const part of response.body) {
    buffer += decoder.decode(part as Uint8Array, { stream: true });
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

async function firstTokenLatency(client: Client, fake: FakeOpenAiServer) {
  const added: number[] = [];
  const total: number[] = [];
  const provider: number[] = [];
  let sessionId = '';
  for (let i = 0; i < SENDS; i++) {
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
    const request = fake.requestsFor(marker)[0];
    if (!request?.firstChunkAt) throw new Error(`send ${i}: the fake server saw no request`);
    const providerMs = request.firstChunkAt - request.receivedAt;
    total.push(firstText - started);
    provider.push(providerMs);
    // Warm-up: the first sends pay for connection set-up and JIT; keep them out of the figures.
    if (i >= 20) added.push(firstText - started - providerMs);
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
  const fake = await startFakeOpenAiServer();
  fake.defaultReply = Array.from({ length: 30 }, (_, i) => `token${i}`).join(' ');
  fake.titleReply = 'Bench Conversation';
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
    fake.defaultReply = `Stream ${Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ')}`;
    const streams = await runParallel(client, fake, app.child.pid!);

    const ms = (n: number) => `${n.toFixed(2)} ms`;
    const p99Added = percentile(latency.added, 99);
    console.log(`\nChat streaming: real app (PGlite) + fake OpenAI-compatible server, first token sent at once`);
    console.log(`  (a) first token, ${latency.added.length} sequential sends measured (after 20 warm-up)`);
    console.log(`      POST -> first text on SSE      p50 ${ms(percentile(latency.total, 50))}   p99 ${ms(percentile(latency.total, 99))}`);
    console.log(`      fake server's own first chunk  p50 ${ms(percentile(latency.provider, 50))}   p99 ${ms(percentile(latency.provider, 99))}`);
    console.log(`      added by the server            p50 ${ms(percentile(latency.added, 50))}   p99 ${ms(p99Added)}   (target p99 < 25 ms)`);
    console.log(`  (b) ${PARALLEL} simultaneous streaming replies (101 tokens, 5 ms apart)`);
    console.log(`      errors ${streams.errors.length}   wall time ${ms(streams.elapsedMs)}   (target 0 errors)`);
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    console.log(`      server RSS before ${mib(streams.rssBefore)}   peak during ${mib(streams.peakRss)} (PGlite's WebAssembly heap is most of it)`);
    for (const error of streams.errors.slice(0, 5)) console.log(`      error: ${error}`);
    const pass = p99Added < 25 && streams.errors.length === 0;
    console.log(`  ${pass ? 'PASS' : 'FAIL'}`);
    return pass;
  } finally {
    await app.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runParallel(client: Client, fake: FakeOpenAiServer, pid: number) {
  fake.when('[parallel-', ...Array.from({ length: PARALLEL }, () => ({ reply: fake.defaultReply, delayMs: 5 })));
  return parallelStreams(client, pid);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pass = await runChatStreamBench();
  process.exit(pass ? 0 : 1);
}
