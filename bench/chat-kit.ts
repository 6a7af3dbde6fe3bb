/**
 * What the chat benches measure with (chat-stream.ts, before-after.ts, memory-context.ts): the fake
 * OpenAI-compatible provider in its own process, the real app in its own process with a Premium client,
 * one measured send (the first token the server adds: the total less the provider's own time), sends to
 * two apps or accounts interleaved, and bursts of simultaneous streaming replies.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FakeStep } from '../tests/fakes/openai-server.ts';
import type { FakeProcessMessage } from './servers/fake-openai-server.ts';
import { api, configureFake, readEvents, rssOf, type BenchClient } from './http-client.ts';
import { startServer, type RunningServer } from './lib.ts';

/** Sends measured, after WARMUP_SENDS that are not (connection set-up, JIT). */
const SENDS = Number(process.env.BENCH_CHAT_SENDS ?? 500);
export const WARMUP_SENDS = 20;
export const PARALLEL = Number(process.env.BENCH_CHAT_PARALLEL ?? 1000);
const SENDS_PER_SESSION = 10;

type Client = BenchClient;

/** Reads a reply's SSE stream; `onFirstText` when text first arrives; resolves with the final event. */
function followStream(client: Client, url: string, onFirstText: () => void) {
  let sawText = false;
  return readEvents<{ text?: string; content?: string; status?: string }>(client, url, (event, data) => {
    if (!sawText && ((event === 'delta' && data.text) || (event === 'snapshot' && data.content))) {
      sawText = true;
      onFirstText();
    }
  });
}

/** The fake provider, running in its own process (see bench/servers/fake-openai-server.ts). */
export class FakeProvider {
  private nextId = 0;
  private readonly waiting = new Map<number, (providerMs: number | null) => void>();
  /** The length of the system prompt of the request last asked about (providerMs). */
  lastSystemChars: number | null = null;

  constructor(readonly server: RunningServer) {
    server.child.on('message', (message: { type?: string; id?: number; providerMs?: number | null; systemChars?: number | null }) => {
      if (message.type !== 'timing') return;
      this.lastSystemChars = message.systemChars ?? null;
      this.waiting.get(message.id!)?.(message.providerMs ?? null);
      this.waiting.delete(message.id!);
    });
  }

  get baseUrl() {
    return `${this.server.url}/v1`;
  }

  configure(settings: Parameters<typeof configureFake>[1]): Promise<void> {
    return configureFake(this.server, settings);
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

export async function newSession(client: Client): Promise<string> {
  const response = await api(client, 'POST', '/api/chat-sessions', { executiveRole: 'CFO', industry: 'Finance' });
  if (response.status !== 201) throw new Error(`session: ${response.status} ${JSON.stringify(response.json)}`);
  return response.json.id;
}

/** One measured send: POST a message, follow its stream to the end; the server's added time is the total less the provider's own. */
export async function measureSend(client: Client, fake: FakeProvider, sessionId: string, i: number, tag = '') {
  const marker = `[first-token-${tag}${i}]`;
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
  return { total: firstText - started, provider: providerMs, added: firstText - started - providerMs };
}

type Latency = { added: number[]; total: number[]; provider: number[] };
const emptyLatency = (): Latency => ({ added: [], total: [], provider: [] });
const sortLatency = (latency: Latency) => {
  for (const list of Object.values(latency)) list.sort((a, b) => a - b);
  return latency;
};

export async function firstTokenLatency(client: Client, fake: FakeProvider) {
  const latency = emptyLatency();
  let sessionId = '';
  for (let i = 0; i < WARMUP_SENDS + SENDS; i++) {
    if (i % SENDS_PER_SESSION === 0) sessionId = await newSession(client);
    const one = await measureSend(client, fake, sessionId, i);
    // Warm-up: the first sends pay for connection set-up and JIT; keep them out of the figures.
    if (i < WARMUP_SENDS) continue;
    for (const key of ['added', 'total', 'provider'] as const) latency[key].push(one[key]);
  }
  return sortLatency(latency);
}

/**
 * A/B in one run: two apps at once, one offering tools and one not (AI_TOOLS=off), sent to in turn
 * (which goes first alternates), so both see the same machine: on a shared, noisy machine a difference
 * between two runs made minutes apart measures the machine, not the code.
 */
export async function interleavedFirstToken(a: Client, b: Client, fake: FakeProvider, prepare: { a?: (sessionId: string) => Promise<void> } = {}) {
  const latency = { a: emptyLatency(), b: emptyLatency() };
  const sessions = { a: '', b: '' };
  for (let i = 0; i < WARMUP_SENDS + SENDS; i++) {
    if (i % SENDS_PER_SESSION === 0) {
      [sessions.a, sessions.b] = await Promise.all([newSession(a), newSession(b)]);
      await prepare.a?.(sessions.a);
    }
    for (const side of i % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
      const one = await measureSend(side === 'a' ? a : b, fake, sessions[side], i, side);
      if (i < WARMUP_SENDS) continue;
      for (const key of ['added', 'total', 'provider'] as const) latency[side][key].push(one[key]);
    }
  }
  return { a: sortLatency(latency.a), b: sortLatency(latency.b) };
}

/**
 * Streams one account may hold at once here: below the server's cap per account (32, src/server/streams/sse.ts,
 * issue 28), so the 1,000 streams are spread over enough accounts, as 1,000 users would hold them.
 */
const STREAMS_PER_ACCOUNT = 25;

/** (b): PARALLEL longer replies, with a pause between tokens, so all of them are streaming at once. */
export async function simultaneousStreams(fake: FakeProvider, client: Client, pid: number) {
  const streamReply = `Stream ${Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ')}`;
  await fake.configure({ when: { marker: '[parallel-', steps: Array.from({ length: PARALLEL }, (): FakeStep => ({ reply: streamReply, delayMs: 5 })) } });
  const others = await Promise.all(Array.from({ length: Math.max(0, Math.ceil(PARALLEL / STREAMS_PER_ACCOUNT) - 1) }, () => premiumClient(client.url)));
  return parallelStreams([client, ...others], pid);
}

async function parallelStreams(accounts: Client[], pid: number) {
  const clientOf = (i: number) => accounts[i % accounts.length]!;
  const sessions = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => newSession(clientOf(i))));
  const rssBefore = rssOf(pid);
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(pid))), 20);
  const errors: string[] = [];
  const started = performance.now();
  await Promise.all(
    sessions.map(async (sessionId, i) => {
      try {
        const client = clientOf(i);
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

/** A new account on the app at `url`, Premium through the test header (ALLOW_TEST_PREMIUM on the bench server): every advisor, no daily limit. */
export async function premiumClient(url: string): Promise<Client> {
  const email = `bench.chat.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const signup = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email, password: 'benchmark password' }),
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const client: Client = { url, cookie: signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '), headers: { 'x-test-premium': 'true' } };
  const me = await api(client, 'GET', '/api/auth/me');
  if (!me.json?.isPremium) throw new Error('the bench user is not Premium');
  return client;
}

/** The real app in its own process against the fake provider, with a signed-up Premium user's client. */
export async function openApp(fake: FakeProvider, databaseUrl?: string, extraEnv: Record<string, string> = {}, cwd?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'co-bench-chat-'));
  const app = await startServer('bench/servers/app-server.ts', {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.baseUrl,
    AI_MODEL: 'bench-model',
    ALLOW_TEST_PREMIUM: 'true',
    RATE_LIMIT_CHAT_PER_MINUTE: '1000000',
    RATE_LIMIT_SIGNUP_PER_HOUR: '1000',
    // 1,000 streams at once are the point here, not something to shed.
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extraEnv,
  }, { cwd });
  const close = async () => {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return { app, client: await premiumClient(app.url), close };
  } catch (error) {
    await close();
    throw error;
  }
}

export const ms = (n: number) => `${n.toFixed(2)} ms`;
export const benchReply = Array.from({ length: 30 }, (_, i) => `token${i}`).join(' ');
