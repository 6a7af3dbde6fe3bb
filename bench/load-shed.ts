/**
 * Where load shedding should start (issue 28, point 16): the real app on PGlite (its own process) and the
 * fake provider (another), under a closed-loop load that ramps up: N simulated users, each with an account
 * of its own, each sending a message and reading its reply to the end, then the next. For each step it
 * prints the server's event-loop delay as load shedding measures it (the mean over 250 ms windows, as
 * @fastify/under-pressure samples; p50, p90 and the worst window) against the first-token latency of every
 * send in the step (POST -> first text on the stream; p50, p99). Nothing is shed during the run
 * (LOAD_SHED_EVENT_LOOP_DELAY_MS=0): the figure is the delay at which first-token latency degrades, from
 * which LOAD_SHED_EVENT_LOOP_DELAY_MS's default is set (decision 055).
 * Run alone with `npx tsx bench/load-shed.ts` (BENCH_SHED_USERS="1,5,10,25,50,100,150", BENCH_SHED_SECONDS=8).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { api, configureFake, percentile, readEvents, type BenchClient } from './http-client.ts';
import { startServer, type RunningServer } from './lib.ts';

const STEPS = (process.env.BENCH_SHED_USERS ?? '1,5,10,25,50,100,150').split(',').map(Number);
const STEP_SECONDS = Number(process.env.BENCH_SHED_SECONDS ?? 8);
/** First-token p99 past which a step counts as degraded: a person waits a second for the advisor to start. */
const DEGRADED_P99_MS = 1000;

function loopDelayOf(server: RunningServer): Promise<number> {
  return new Promise((resolve) => {
    const listener = (message: { type?: string; ms?: number }) => {
      if (message.type !== 'loop-delay') return;
      server.child.off('message', listener);
      resolve(message.ms ?? 0);
    };
    server.child.on('message', listener);
    server.child.send({ type: 'loop-delay' });
  });
}

async function signUp(url: string, i: number): Promise<BenchClient> {
  const response = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Load', lastName: `User ${i}`, email: `bench.shed.${Date.now()}.${i}@example.com`, password: 'benchmark password' }),
  });
  if (response.status !== 201) throw new Error(`signup ${i}: ${response.status} ${await response.text()}`);
  return { url, cookie: response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '), headers: { 'x-test-premium': 'true' } };
}

/** One simulated user until `until`: send, read the reply to its end, again; the first-token time of each send. */
async function user(client: BenchClient, until: number, firstTokens: number[], failures: string[]): Promise<void> {
  const session = await api(client, 'POST', '/api/chat-sessions', { executiveRole: 'CFO', industry: 'Finance' });
  if (session.status !== 201) return void failures.push(`session ${session.status}`);
  let sends = 0;
  while (performance.now() < until) {
    const started = performance.now();
    let firstText = 0;
    const sent = await api(client, 'POST', `/api/chat-sessions/${session.json.id}/messages`, { content: `What should we do next? (${(sends += 1)})` });
    if (sent.status !== 201) {
      failures.push(`send ${sent.status}`);
      continue;
    }
    const final = await readEvents<{ text?: string; content?: string }>(client, `/api/chat-sessions/${session.json.id}/messages/${sent.json.assistantMessage.id}/stream`, (event, data) => {
      if (!firstText && ((event === 'delta' && data.text) || (event === 'snapshot' && data.content))) firstText = performance.now();
    });
    if (final.event !== 'done') failures.push(`reply ended with ${final.event}`);
    else if (firstText) firstTokens.push(firstText - started);
  }
}

export async function runLoadShedBench(): Promise<boolean> {
  const fake = await startServer('bench/servers/fake-openai-server.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'co-bench-shed-'));
  const app = await startServer('bench/servers/app-server.ts', {
    DATA_DIR: dataDir,
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: `${fake.url}/v1`,
    AI_MODEL: 'bench-model',
    ALLOW_TEST_PREMIUM: 'true',
    RATE_LIMIT_CHAT_PER_MINUTE: '1000000',
    RATE_LIMIT_SIGNUP_PER_HOUR: '100000',
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
  });
  try {
    await configureFake(fake, { defaultReply: Array.from({ length: 60 }, (_, i) => `word${i}`).join(' '), titleReply: 'Load Test' });
    const clients: BenchClient[] = [];
    for (let i = 0; i < Math.max(...STEPS); i += 1) clients.push(await signUp(app.url, i));
    // Warm-up, not reported: JIT, PGlite's caches, the connections.
    await Promise.all(clients.slice(0, 4).map((client) => user(client, performance.now() + 3000, [], [])));
    console.log(`\nLoad shedding budget: PGlite, closed-loop users (send, read the reply, again), ${STEP_SECONDS} s a step, nothing shed`);
    console.log('  users  sends  failed | loop delay (250 ms windows) p50    p90    max | first token p50     p99 | machine load');
    const rows: Array<{ users: number; delayP90: number; delayMax: number; p99: number }> = [];
    for (const users of STEPS) {
      const machineLoad = loadavg()[0]!.toFixed(1);
      await loopDelayOf(app);
      const windows: number[] = [];
      const sampler = setInterval(() => void loopDelayOf(app).then((ms) => windows.push(ms)), 250);
      const firstTokens: number[] = [];
      const failures: string[] = [];
      const until = performance.now() + STEP_SECONDS * 1000;
      await Promise.all(clients.slice(0, users).map((client) => user(client, until, firstTokens, failures)));
      clearInterval(sampler);
      windows.sort((a, b) => a - b);
      firstTokens.sort((a, b) => a - b);
      const row = { users, delayP90: percentile(windows, 90), delayMax: windows.at(-1) ?? 0, p99: percentile(firstTokens, 99) };
      rows.push(row);
      const f = (n: number, width = 6) => n.toFixed(0).padStart(width);
      console.log(
        `  ${f(users, 5)} ${f(firstTokens.length)} ${f(failures.length, 7)} |                      ${f(percentile(windows, 50))} ${f(row.delayP90)} ${f(row.delayMax)} |           ${f(percentile(firstTokens, 50), 5)} ${f(row.p99, 7)} ms | ${machineLoad}`,
      );
    }
    const degraded = rows.find((row) => row.p99 > DEGRADED_P99_MS);
    const lastGood = [...rows].reverse().find((row) => row.p99 <= DEGRADED_P99_MS);
    console.log(
      degraded
        ? `  first token p99 passes ${DEGRADED_P99_MS} ms at ${degraded.users} users, loop delay p90 ${degraded.delayP90.toFixed(0)} ms (max ${degraded.delayMax.toFixed(0)}); the step before: p90 ${lastGood?.delayP90.toFixed(0) ?? '-'} ms (max ${lastGood?.delayMax.toFixed(0) ?? '-'})`
        : `  first token p99 stayed within ${DEGRADED_P99_MS} ms at every step: ramp further (BENCH_SHED_USERS)`,
    );
    return true;
  } finally {
    await app.stop();
    await fake.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runLoadShedBench();
  process.exit(0);
}
