/**
 * Streaming replies, end to end: the real app (its own process, PGlite in a temp dir) talking to
 * the fake OpenAI-compatible server (another process) that sends its first token at once.
 *  (a) first-token latency the server adds: POST message -> first text on the SSE stream, minus the
 *      fake server's own time from request to first chunk, over 500 sequential sends (p50, p99);
 *      the fake runs in its own process and the client uses node:http, so neither adds its own
 *      event-loop time to the server's figure;
 *  (b) 1,000 replies streaming at the same time on one process: errors and the server's RSS growth.
 *  (c) tools offered vs not, and (d) a conversation's full note vs none: A/B in one run, interleaved.
 * (a) runs on PGlite and on PostgreSQL in the same run; (b), (c) and (d) on PGlite. Targets (issue 18): p99 added
 * latency <= 20 ms on PGlite and <= 10 ms on PostgreSQL; 0 errors and RSS growth <= 300 MB.
 * Run alone with `npx tsx bench/chat-stream.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FakeStep } from '../tests/fakes/openai-server.ts';
import type { FakeProcessMessage } from './servers/fake-openai-server.ts';
import { api, configureFake, percentile, readEvents, rssOf, type BenchClient } from './http-client.ts';
import { startServer, type RunningServer } from './lib.ts';

/** Sends measured, after WARMUP_SENDS that are not (connection set-up, JIT). */
const SENDS = Number(process.env.BENCH_CHAT_SENDS ?? 500);
const WARMUP_SENDS = 20;
export const PARALLEL = Number(process.env.BENCH_CHAT_PARALLEL ?? 1000);
/** PostgreSQL for the second first-token run (a database of its own is created there and dropped after). */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_P99_MS = { pglite: 20, postgres: 10 } as const;
const RSS_GROWTH_LIMIT = 300 * 1024 * 1024;
/** What offering tools (the AI SDK's tool loop) may add to the first-token p99 of a reply that calls none. */
const TOOLS_P99_ALLOWANCE_MS = 2;
/** What the conversation's note may add to the first-token p99 (issue 31, point 8). */
const NOTE_P99_ALLOWANCE_MS = 2;
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

async function newSession(client: Client): Promise<string> {
  const response = await api(client, 'POST', '/api/chat-sessions', { executiveRole: 'CFO', industry: 'Finance' });
  if (response.status !== 201) throw new Error(`session: ${response.status} ${JSON.stringify(response.json)}`);
  return response.json.id;
}

/** One measured send: POST a message, follow its stream to the end; the server's added time is the total less the provider's own. */
async function measureSend(client: Client, fake: FakeProvider, sessionId: string, i: number, tag = '') {
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

async function firstTokenLatency(client: Client, fake: FakeProvider) {
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

async function withPostgresDatabase<T>(run: (url: string) => Promise<T>): Promise<T | null> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`  (PostgreSQL at ${POSTGRES_URL} not reachable: ${String(error)})`);
    return null;
  }
  const name = `bench_chat_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
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

async function benchOn(fake: FakeProvider, database: 'pglite' | 'postgres', parallel: boolean, databaseUrl?: string) {
  const { app, client, close } = await openApp(fake, databaseUrl);
  try {
    await fake.configure({ defaultReply: benchReply, titleReply: 'Bench Conversation' });
    const latency = await firstTokenLatency(client, fake);
    const p99Added = percentile(latency.added, 99);
    const target = TARGET_P99_MS[database];
    const latencyOk = p99Added <= target;
    console.log(`  (a) first token on ${database === 'postgres' ? 'PostgreSQL' : 'PGlite on its thread'}, ${latency.added.length} sequential sends measured (after ${WARMUP_SENDS} warm-up)`);
    console.log(`      POST -> first text on SSE      p50 ${ms(percentile(latency.total, 50))}   p99 ${ms(percentile(latency.total, 99))}`);
    console.log(`      fake server's own first chunk  p50 ${ms(percentile(latency.provider, 50))}   p99 ${ms(percentile(latency.provider, 99))}`);
    console.log(`      added by the server            p50 ${ms(percentile(latency.added, 50))}   p99 ${ms(p99Added)}   (target p99 <= ${target} ms) ${latencyOk ? 'PASS' : 'FAIL'}`);
    if (!parallel) return latencyOk;

    const streams = await simultaneousStreams(fake, client, app.child.pid!);
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    const growth = streams.peakRss - streams.rssBefore;
    const streamsOk = streams.errors.length === 0 && growth <= RSS_GROWTH_LIMIT;
    console.log(`  (b) ${PARALLEL} simultaneous streaming replies (101 tokens, 5 ms apart) on one process, ${database}`);
    console.log(`      errors ${streams.errors.length}   wall time ${ms(streams.elapsedMs)}`);
    console.log(
      `      server RSS before ${mib(streams.rssBefore)}, peak ${mib(streams.peakRss)}: growth ${mib(growth)} (target 0 errors, growth <= ${mib(RSS_GROWTH_LIMIT)}) ${streamsOk ? 'PASS' : 'FAIL'}`,
    );
    for (const error of streams.errors.slice(0, 5)) console.log(`      error: ${error}`);
    return latencyOk && streamsOk;
  } finally {
    await close();
  }
}

/** (c) Issue 32, point 7: a reply offered tools that calls none keeps the plain path's first-token p99. */
async function toolsAB(fake: FakeProvider): Promise<boolean> {
  const [tools, plain] = await Promise.all([openApp(fake), openApp(fake, undefined, { AI_TOOLS: 'off' })]);
  try {
    await fake.configure({ defaultReply: benchReply, titleReply: 'Bench Conversation' });
    const { a, b } = await interleavedFirstToken(tools.client, plain.client, fake);
    const [withTools, without] = [percentile(a.added, 99), percentile(b.added, 99)];
    const cost = withTools - without;
    const ok = cost <= TOOLS_P99_ALLOWANCE_MS;
    console.log(`  (c) tools offered vs AI_TOOLS=off (the plain path), PGlite: two apps at once, ${a.added.length} sends each, interleaved`);
    console.log(`      added by the server, tools offered  p50 ${ms(percentile(a.added, 50))}   p99 ${ms(withTools)}`);
    console.log(`      added by the server, AI_TOOLS=off   p50 ${ms(percentile(b.added, 50))}   p99 ${ms(without)}`);
    console.log(`      difference in p99 ${ms(cost)} (target <= ${TOOLS_P99_ALLOWANCE_MS} ms) ${ok ? 'PASS' : 'FAIL'}`);
    return ok;
  } finally {
    await Promise.all([tools.close(), plain.close()]);
  }
}

/** A conversation's note at its largest (2,000 characters, 20 facts; contract/conversation-note-text.ts), as a user or the model would keep it. */
const fullNote = Array.from(
  { length: 20 },
  (_, i) => `- Fact ${String(i + 1).padStart(2, '0')}: revenue line ${i + 1} grew ${10 + i}% to $${(1.2 + i / 10).toFixed(1)}M; the board meets in week ${i + 2}, owner Dana, reviewed by the audit committee.`,
)
  .join('\n')
  .slice(0, 2000);

/**
 * (d) Issue 31, point 8: what the conversation's note costs in front of the first token. One app, two
 * accounts sent to in turn: one's conversations carry a full note (pinned in every prompt, fenced), the
 * other's none. Both arms read the note's row (one indexed look, beside the context providers); the
 * difference is the note's composition and the longer request. The advice rules (issue 31, point 1) are
 * in both: about 2,200 characters of fixed text joined into the system prompt as the note's block is, and
 * the note's block (2,740 characters with its fence) is the larger of the two, so this A/B bounds what the
 * rules add as well.
 */
async function noteAB(fake: FakeProvider): Promise<boolean> {
  const { app, client: withNote, close } = await openApp(fake);
  try {
    const withoutNote = await premiumClient(app.url);
    await fake.configure({ defaultReply: benchReply, titleReply: 'Bench Conversation' });
    const writeNote = async (sessionId: string) => {
      const put = await api(withNote, 'PUT', `/api/chat-sessions/${sessionId}/note`, { content: fullNote });
      if (put.status !== 200) throw new Error(`note: ${put.status} ${JSON.stringify(put.json)}`);
    };
    const { a, b } = await interleavedFirstToken(withNote, withoutNote, fake, { a: writeNote });
    // The note did reach the model: one more send each way, and the system prompts compared.
    const systemChars = async (client: Client, prepare?: (sessionId: string) => Promise<void>) => {
      const sessionId = await newSession(client);
      await prepare?.(sessionId);
      await measureSend(client, fake, sessionId, 0, 'note-check-');
      return fake.lastSystemChars ?? 0;
    };
    const [notedChars, plainChars] = [await systemChars(withNote, writeNote), await systemChars(withoutNote)];
    if (notedChars - plainChars < fullNote.length) throw new Error(`the note did not reach the model: system prompts of ${notedChars} and ${plainChars} characters`);
    const [noted, plain] = [percentile(a.added, 99), percentile(b.added, 99)];
    const cost = noted - plain;
    const ok = cost <= NOTE_P99_ALLOWANCE_MS;
    console.log(`  (d) a full note (${fullNote.length} characters) vs none, PGlite: one app, two accounts, ${a.added.length} sends each, interleaved; system prompts ${notedChars} vs ${plainChars} characters`);
    console.log(`      added by the server, with the note  p50 ${ms(percentile(a.added, 50))}   p99 ${ms(noted)}`);
    console.log(`      added by the server, no note        p50 ${ms(percentile(b.added, 50))}   p99 ${ms(plain)}`);
    console.log(`      difference in p99 ${ms(cost)} (target <= ${NOTE_P99_ALLOWANCE_MS} ms) ${ok ? 'PASS' : 'FAIL'}`);
    return ok;
  } finally {
    await close();
  }
}

export async function runChatStreamBench(): Promise<boolean> {
  const fake = new FakeProvider(await startServer('bench/servers/fake-openai-server.ts'));
  try {
    console.log('\nChat streaming: real app + fake OpenAI-compatible server (own processes), first token sent at once');
    // BENCH_CHAT_PARALLEL=0 measures the first token alone (quicker, and nothing else on the machine meanwhile).
    const pglite = await benchOn(fake, 'pglite', PARALLEL > 0);
    const postgres = await withPostgresDatabase((url) => benchOn(fake, 'postgres', false, url));
    const toolsOk = await toolsAB(fake);
    const noteOk = await noteAB(fake);
    const pass = pglite && postgres === true && toolsOk && noteOk;
    console.log(`  ${pass ? 'PASS' : 'FAIL'}${postgres === null ? ' (no PostgreSQL: its figure is missing)' : ''}`);
    return pass;
  } finally {
    await fake.server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pass = await runChatStreamBench();
  process.exit(pass ? 0 : 1);
}
