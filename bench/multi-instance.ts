/**
 * Two instances behind a round-robin proxy (issue 11 point 7, decision 029): two app processes on
 * one PostgreSQL database and one Redis, a proxy process in front sending each request to the next
 * instance, so a reply is usually written on one instance and streamed from the other.
 *  (a) 1,000 replies streaming at once through the proxy: errors, time to the first text (p50, p99),
 *      each instance's peak RSS;
 *  (b) throughput: the same burst straight to one instance, replies completed per second, and the ratio
 *      of two instances to one.
 * Needs PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server) and Debian's
 * redis-server; the bench makes its own database and Redis and removes them. Target: 0 errors.
 * Run alone with `npx tsx bench/multi-instance.ts`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { FakeStep } from '../tests/fakes/openai-server.ts';
import { redisServerAvailable, startTestRedis } from '../tests/helpers/redis-server.ts';
import { api, configureFake as configure, percentile, readEvents, rssOf, type BenchClient } from './http-client.ts';
import { startServer, type RunningServer } from './lib.ts';

const STREAMS = Number(process.env.BENCH_MULTI_STREAMS ?? 1000);
/** Streams one account holds at once (below the server's 32 per account and instance). */
const STREAMS_PER_ACCOUNT = 25;
const ACCOUNTS = Math.ceil(STREAMS / STREAMS_PER_ACCOUNT);
const TOKENS = 40;
const TOKEN_DELAY_MS = 20;
type Client = BenchClient;

/** Reads a reply's SSE stream to its final event; `onFirstText` when text first arrives. */
async function followStream(client: Client, url: string, onFirstText: () => void): Promise<{ event: string; content: string; message?: string }> {
  let sawText = false;
  const final = await readEvents<{ text?: string; content?: string; message?: string }>(client, url, (event, data) => {
    if (!sawText && ((event === 'delta' && data.text) || (event === 'snapshot' && data.content))) {
      sawText = true;
      onFirstText();
    }
  });
  return { event: final.event, content: final.data.content ?? '', message: final.data.message };
}

/** `STREAMS` replies at once through `client`: every one must end complete with the whole text. */
async function burst(clients: Client[], fake: RunningServer, label: string, pids: number[]) {
  const clientOf = (i: number) => clients[i % clients.length]!;
  const reply = Array.from({ length: TOKENS }, (_, i) => `word${i}`).join(' ');
  await configure(fake, { when: { marker: `[${label}-`, steps: Array.from({ length: STREAMS }, (): FakeStep => ({ reply, delayMs: TOKEN_DELAY_MS })) } });
  const sessions: string[] = [];
  for (let i = 0; i < STREAMS; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, STREAMS - i) }, async (_, j) => {
        const created = await api(clientOf(i + j), 'POST', '/api/chat-sessions', { executiveRole: 'COO', industry: 'Manufacturing' });
        if (created.status !== 201) throw new Error(`session: ${created.status} ${JSON.stringify(created.json)}`);
        return created.json.id as string;
      }),
    );
    sessions.push(...batch);
  }
  const peak = new Map(pids.map((pid) => [pid, rssOf(pid)]));
  const before = new Map(peak);
  const sampler = setInterval(() => {
    for (const pid of pids) peak.set(pid, Math.max(peak.get(pid)!, rssOf(pid)));
  }, 50);
  const firstText: number[] = [];
  const errors: string[] = [];
  const started = performance.now();
  await Promise.all(
    sessions.map(async (sessionId, i) => {
      try {
        const sentAt = performance.now();
        const client = clientOf(i);
        const sent = await api(client, 'POST', `/api/chat-sessions/${sessionId}/messages`, { content: `Question ${i} [${label}-${i}]` });
        if (sent.status !== 201) throw new Error(`send answered ${sent.status} ${JSON.stringify(sent.json).slice(0, 120)}`);
        const final = await followStream(client, `/api/chat-sessions/${sessionId}/messages/${sent.json.assistantMessage.id}/stream`, () => firstText.push(performance.now() - sentAt));
        if (final.event !== 'done' || final.content !== reply) throw new Error(`ended with ${final.event}${final.message ? ` (${final.message})` : ''} after ${final.content.length} characters`);
      } catch (error) {
        errors.push(String(error));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  firstText.sort((a, b) => a - b);
  return { errors, seconds, perSecond: STREAMS / seconds, firstText, rss: pids.map((pid) => ({ before: before.get(pid)!, peak: peak.get(pid)! })) };
}

export async function runMultiInstanceBench(): Promise<boolean | null> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  console.log(`\nTwo instances behind a round-robin proxy: one PostgreSQL, one Redis, ${STREAMS} replies streaming at once`);
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`  SKIPPED: no PostgreSQL at ${serverUrl} (${String(error)}); several instances need a shared database`);
    return null;
  }
  if (!redisServerAvailable) {
    await admin.end();
    console.log('  SKIPPED: no redis-server binary (apt-get install redis-server)');
    return null;
  }
  const name = `co_bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const redis = await startTestRedis();
  const fake = await startServer('bench/servers/fake-openai-server.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'co-bench-multi-'));
  const email = `bench.multi.${Date.now()}@example.com`;
  const env = {
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redis.url,
    DATA_DIR: dataDir,
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: `${fake.url}/v1`,
    AI_MODEL: 'bench-model',
    RATE_LIMIT_CHAT_PER_MINUTE: '1000000',
    RATE_LIMIT_SIGNUP_PER_HOUR: '1000',
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
  };
  const servers: RunningServer[] = [fake];
  try {
    await configure(fake, { titleReply: 'Bench Conversation' });
    const [a, b] = await Promise.all([startServer('bench/servers/app-server.ts', env), startServer('bench/servers/app-server.ts', env)]);
    servers.push(a!, b!);
    const proxy = await startServer('bench/servers/round-robin-proxy.ts', { UPSTREAMS: `${a!.url},${b!.url}` });
    servers.push(proxy);
    // The streams are held by several accounts, as users would hold them: the server refuses a 33rd stream per
    // account on an instance (issue 28), so ACCOUNTS of at most STREAMS_PER_ACCOUNT each.
    const emails = Array.from({ length: ACCOUNTS }, (_, i) => email.replace('@', `.${i}@`));
    const cookies = await Promise.all(
      emails.map(async (address) => {
        const signup = await fetch(`${proxy.url}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email: address, password: 'benchmark password' }),
        });
        if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
        return signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      }),
    );
    // Premium (vip accounts, as an admin grants it), so no daily limit stops the burst.
    const bench = new pg.Client({ connectionString: databaseUrl.toString() });
    await bench.connect();
    await bench.query(`update users set app_user_type = 'vip', email_verified_at = now() where email = any($1)`, [emails]);
    await bench.end();
    const viaProxy: Client[] = cookies.map((cookie) => ({ url: proxy.url, cookie }));
    const direct: Client[] = cookies.map((cookie) => ({ url: a!.url, cookie }));
    // Warm both instances (JIT, pools, Redis connections) before measuring.
    await burst(viaProxy, fake, 'warm', [a!.child.pid!, b!.child.pid!]).catch(() => undefined);

    const two = await burst(viaProxy, fake, 'two', [a!.child.pid!, b!.child.pid!]);
    const one = await burst(direct, fake, 'one', [a!.child.pid!]);
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
    console.log(`  (a) through the proxy: errors ${two.errors.length} (target 0)   first text p50 ${ms(percentile(two.firstText, 50))}   p99 ${ms(percentile(two.firstText, 99))}`);
    console.log(`      replies of ${TOKENS} tokens, ${TOKEN_DELAY_MS} ms apart; wall time ${two.seconds.toFixed(1)} s`);
    two.rss.forEach((rss, i) => console.log(`      instance ${'AB'[i]} RSS ${mib(rss.before)} before, ${mib(rss.peak)} peak`));
    for (const error of two.errors.slice(0, 5)) console.log(`      error: ${error}`);
    console.log(`  (b) replies completed per second: two instances ${two.perSecond.toFixed(0)}, one instance ${one.perSecond.toFixed(0)} (errors ${one.errors.length}); ratio ${(two.perSecond / one.perSecond).toFixed(2)}`);
    for (const error of one.errors.slice(0, 5)) console.log(`      error (one instance): ${error}`);
    console.log(`      one machine: both instances, PostgreSQL, Redis, the proxy and this load generator share its cores,`);
    console.log(`      so the ratio shows what the second instance costs or gains here, not what a second machine adds`);
    const pass = two.errors.length === 0 && one.errors.length === 0;
    console.log(`  ${pass ? 'PASS' : 'FAIL'}`);
    return pass;
  } finally {
    // The instances first: replies and titles still being written need the fake provider.
    await Promise.all(servers.slice(1).map((server) => server.stop()));
    await fake.stop();
    await redis.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pass = await runMultiInstanceBench();
  process.exit(pass === false ? 1 : 0);
}
