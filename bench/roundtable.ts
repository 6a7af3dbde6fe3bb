/**
 * Roundtables (issue 17), end to end: the real app (its own process, PGlite in a temp dir) and the
 * fake OpenAI-compatible server (another process), every seat answering with a stance.
 *  (a) time to the first seat's first token: POST .../roundtables -> first delta on the table's SSE
 *      stream, over sequential 5-seat, 2-round tables; and each table's total time (two rounds of five
 *      seats, then the chair) and tokens (input + output, as the table records them);
 *  (b) 50 roundtables (3 seats, 2 rounds, chair) at the same time on one process: errors, wall time.
 * Targets: (a) first token p50 < 100 ms (the fake answers at once, so this is the server's time; p99 is
 * printed, and on the shared 2-core machine it is noise-bound); (b) 0 errors.
 * Run alone with `npx tsx bench/roundtable.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FakeStep } from '../tests/fakes/openai-server.ts';
import { api, configureFake as configure, percentile, readEvents, type BenchClient } from './http-client.ts';
import { startServer } from './lib.ts';

const TABLES = Number(process.env.BENCH_ROUNDTABLES ?? 20);
const PARALLEL = Number(process.env.BENCH_ROUNDTABLE_PARALLEL ?? 50);

type Client = BenchClient;

/** Follows a table's stream to its end; `onFirstDelta` when the first seat's first words arrive. */
/** Follows a table's stream to its end; `onFirstDelta` when the first seat's first words arrive. */
function followTable(client: Client, id: string, onFirstDelta: () => void) {
  let sawDelta = false;
  return readEvents<{ status?: string; tokensUsed?: number; stopReason?: string }>(client, `/api/roundtables/${id}/stream`, (event) => {
    if (!sawDelta && event === 'delta') {
      sawDelta = true;
      onFirstDelta();
    }
  });
}

async function newSession(client: Client): Promise<string> {
  const response = await api(client, 'POST', '/api/chat-sessions', { executiveRole: 'CEO', industry: 'Retail' });
  if (response.status !== 201) throw new Error(`session: ${response.status}`);
  return response.json.id;
}

async function convene(client: Client, sessionId: string, executiveRoles: string[], question: string) {
  const created = await api(client, 'POST', `/api/chat-sessions/${sessionId}/roundtables`, { question, format: 'roundtable', executiveRoles, maxRounds: 2 });
  if (created.status !== 201) throw new Error(`convene: ${created.status} ${JSON.stringify(created.json)}`);
  return created.json.id as string;
}

export async function runRoundtableBench(): Promise<boolean> {
  const fake = await startServer('bench/servers/fake-openai-server.ts');
  // Every seat: ~60 words, then its stance (unchanged in the rebuttal, so two rounds then the chair).
  const seatReply = `${Array.from({ length: 60 }, (_, i) => `point${i}`).join(' ')}\n\n<stance>\nPosition: Pilot first\nConfidence: medium\nMain risk: cash\nChanged: no\nMoved by: none\n</stance>`;
  await configure(fake, { defaultReply: seatReply, titleReply: 'Bench table' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'co-bench-roundtable-'));
  const email = `bench.roundtable.${Date.now()}@example.com`;
  const app = await startServer('bench/servers/app-server.ts', {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: `${fake.url}/v1`,
    AI_MODEL: 'bench-model',
    ALLOW_TEST_PREMIUM: 'true',
    // Shedding answers 503 when the event loop lags a second; on this shared machine other work can cause that.
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    RATE_LIMIT_CHAT_PER_MINUTE: '1000000',
    ROUNDTABLE_MAX_PER_USER: String(PARALLEL),
  });
  try {
    const signup = await fetch(`${app.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Table', email, password: 'benchmark password' }),
    });
    if (signup.status !== 201) throw new Error(`signup failed: ${signup.status}`);
    // Premium through the test header (ALLOW_TEST_PREMIUM): ADMIN_EMAILS alone waits for a proven mailbox.
    const client: Client = { url: app.url, cookie: signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '), headers: { 'x-test-premium': 'true' } };

    // (a) sequential 5-seat tables.
    const firstToken: number[] = [];
    const total: number[] = [];
    const tokens: number[] = [];
    const seats5 = ['CFO', 'CMO', 'COO', 'CTO', 'VP Sales'];
    for (let i = 0; i < TABLES + 2; i++) {
      const sessionId = await newSession(client);
      const started = performance.now();
      let first = 0;
      const id = await convene(client, sessionId, seats5, `Five seats, question ${i}?`);
      const end = await followTable(client, id, () => (first = performance.now()));
      if (end.event !== 'done' || end.data.status !== 'complete') throw new Error(`table ${i} ended ${end.event} ${JSON.stringify(end.data)}`);
      if (i < 2) continue; // warm-up
      firstToken.push(first - started);
      total.push(performance.now() - started);
      tokens.push(end.data.tokensUsed ?? 0);
    }
    firstToken.sort((a, b) => a - b);
    total.sort((a, b) => a - b);

    // (b) 50 tables at once, seats streaming with a pause between words so they overlap.
    await configure(fake, { when: { marker: 'Parallel table', steps: Array.from({ length: PARALLEL * 7 }, (): FakeStep => ({ reply: seatReply, delayMs: 3 })) } });
    const sessions = await Promise.all(Array.from({ length: PARALLEL }, () => newSession(client)));
    const errors: string[] = [];
    const startedAll = performance.now();
    await Promise.all(
      sessions.map(async (sessionId, i) => {
        try {
          const id = await convene(client, sessionId, ['CFO', 'CMO', 'COO'], `Parallel table ${i}?`);
          const end = await followTable(client, id, () => {});
          if (end.event !== 'done' || end.data.status !== 'complete') throw new Error(`ended ${end.event} ${JSON.stringify(end.data)}`);
          const table = await api(client, 'GET', `/api/roundtables/${id}`);
          if (table.json.turns.length !== 6 || table.json.synthesis?.status !== 'complete') throw new Error(`table ${i}: ${table.json.turns.length} turns`);
        } catch (error) {
          errors.push(String(error));
        }
      }),
    );
    const wallMs = performance.now() - startedAll;

    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const database = process.env.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : 'PGlite on its thread';
    console.log(`\nRoundtables: real app (${database}) + fake OpenAI-compatible server (first chunk at once)`);
    console.log(`  (a) ${firstToken.length} sequential 5-seat, 2-round tables (after 2 warm-up)`);
    console.log(`      POST -> first seat's first token   p50 ${ms(percentile(firstToken, 50))}   p99 ${ms(percentile(firstToken, 99))}   (target p50 < 100 ms)`);
    console.log(`      whole table (10 seat turns + chair) p50 ${ms(percentile(total, 50))}   p99 ${ms(percentile(total, 99))}`);
    console.log(`      tokens per table (input + output)   ${Math.round(tokens.reduce((a, b) => a + b, 0) / tokens.length)}`);
      console.log(`  (b) ${PARALLEL} roundtables at once (3 seats, 2 rounds, chair: ${PARALLEL * 7} model calls of 67 chunks 3 ms apart, at most 16 in flight)`);
    console.log(`      errors ${errors.length}   wall time ${ms(wallMs)}   (target 0 errors)`);
    for (const error of errors.slice(0, 5)) console.log(`      error: ${error}`);
    const pass = percentile(firstToken, 50) < 100 && errors.length === 0;
    console.log(`  ${pass ? 'PASS' : 'FAIL'}`);
    return pass;
  } finally {
    await app.stop();
    await fake.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pass = await runRoundtableBench();
  process.exit(pass ? 0 : 1);
}
