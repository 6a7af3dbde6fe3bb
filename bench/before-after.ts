/**
 * Before and after, side by side in one run (issue 30, point 8; issue 31, point 8): the app built from
 * another checkout (BENCH_BASELINE_DIR, e.g. a `git worktree` of the commit before a change, with its
 * node_modules) and this one, both in their own processes on PGlite, against one fake provider:
 *  (1) server-added first-token latency: sends to the two apps interleaved (which goes first alternates),
 *      so both see the same machine; target: this build's p99 within 2 ms of the baseline's;
 *  (2) GET /api/auth/me throughput: alternating load slices; target: this build >= 90 % of the baseline;
 *  (3) 1,000 simultaneous streaming replies, twice on each app (baseline, this, this, baseline): errors, wall time, RSS growth;
 *      target: 0 errors, and the two bursts' wall time and RSS growth within 25 % (or 2 s / 100 MiB) of the baseline's.
 * Without BENCH_BASELINE_DIR it says how to run it and is skipped.
 * Run alone with `BENCH_BASELINE_DIR=../base npx tsx bench/before-after.ts`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { percentile } from './http-client.ts';
import { load, startServer, type LoadResult } from './lib.ts';
import { benchReply, FakeProvider, interleavedFirstToken, ms, openApp, PARALLEL, simultaneousStreams } from './chat-kit.ts';

const BASELINE = process.env.BENCH_BASELINE_DIR;
const FIRST_TOKEN_P99_ALLOWANCE_MS = 2;
const AUTH_ME_MIN_RATIO = 0.9;
const SLICES = 5;

function describeCheckout(dir: string): string {
  try {
    return execFileSync('git', ['-C', dir, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).trim().slice(0, 100);
  } catch {
    return dir;
  }
}

async function authMeSlices(urls: { before: string; after: string }, cookies: { before: string; after: string }) {
  const slices: { before: LoadResult[]; after: LoadResult[] } = { before: [], after: [] };
  for (const side of ['before', 'after'] as const) await load(`${urls[side]}/api/auth/me`, { headers: { cookie: cookies[side] }, seconds: 1 });
  for (let i = 0; i < SLICES; i++) {
    for (const side of i % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
      slices[side].push(await load(`${urls[side]}/api/auth/me`, { headers: { cookie: cookies[side] }, seconds: 2 }));
    }
  }
  const rps = (list: LoadResult[]) => list.reduce((sum, slice) => sum + slice.requestsPerSecond, 0) / list.length;
  const failures = (list: LoadResult[]) => list.reduce((sum, slice) => sum + slice.errors + slice.non2xx, 0);
  return { before: rps(slices.before), after: rps(slices.after), failures: failures(slices.before) + failures(slices.after) };
}

export async function runBeforeAfterBench(): Promise<boolean | null> {
  console.log('\nBefore and after, side by side: the build at BENCH_BASELINE_DIR and this one (PGlite, own processes, one fake provider)');
  if (!BASELINE || !existsSync(path.join(BASELINE, 'bench/servers/app-server.ts')) || !existsSync(path.join(BASELINE, 'node_modules'))) {
    console.log('  skipped: set BENCH_BASELINE_DIR to a checkout of an earlier commit with its node_modules');
    console.log('  (git worktree add ../base <commit> && cp -al node_modules ../base/), then run npm run bench again');
    return null;
  }
  console.log(`  baseline: ${describeCheckout(BASELINE)}`);
  console.log(`  this:     ${describeCheckout('.')}${execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() ? ' (with uncommitted changes)' : ''}`);
  const fake = new FakeProvider(await startServer('bench/servers/fake-openai-server.ts'));
  const [after, before] = await Promise.all([openApp(fake), openApp(fake, undefined, {}, BASELINE)]);
  try {
    await fake.configure({ defaultReply: benchReply, titleReply: 'Bench Conversation' });
    const { a, b } = await interleavedFirstToken(after.client, before.client, fake);
    const [p99After, p99Before] = [percentile(a.added, 99), percentile(b.added, 99)];
    const firstTokenOk = p99After - p99Before <= FIRST_TOKEN_P99_ALLOWANCE_MS;
    console.log(`  (1) first token, ${a.added.length} sends each, interleaved: added by the server`);
    console.log(`      baseline  p50 ${ms(percentile(b.added, 50))}   p99 ${ms(p99Before)}`);
    console.log(`      this      p50 ${ms(percentile(a.added, 50))}   p99 ${ms(p99After)}`);
    console.log(`      difference in p99 ${ms(p99After - p99Before)} (target <= ${FIRST_TOKEN_P99_ALLOWANCE_MS} ms) ${firstTokenOk ? 'PASS' : 'FAIL'}`);

    const me = await authMeSlices({ before: before.app.url, after: after.app.url }, { before: before.client.cookie, after: after.client.cookie });
    const ratio = me.after / me.before;
    const meOk = ratio >= AUTH_ME_MIN_RATIO && me.failures === 0;
    console.log(`  (2) GET /api/auth/me, ${SLICES} alternating 2 s slices each, 20 connections`);
    console.log(`      baseline ${me.before.toFixed(0)} req/s   this ${me.after.toFixed(0)} req/s   ratio ${ratio.toFixed(2)}   errors ${me.failures} (target >= ${AUTH_ME_MIN_RATIO.toFixed(2)}, 0 errors) ${meOk ? 'PASS' : 'FAIL'}`);

    let streamsOk = true;
    if (PARALLEL > 0) {
      // Bursts in the order baseline, this, this, baseline: on a busy machine the app that bursts second
      // grew far more than the first whichever build it was (same build on both sides: 234 vs 318 MiB), and
      // an app's second burst starts warm. Each side gets one first-place and one last-place burst, one cold
      // and one warm, and is judged by the sum of its two.
      type Burst = Awaited<ReturnType<typeof simultaneousStreams>>;
      const bursts: { before: Burst[]; after: Burst[] } = { before: [], after: [] };
      for (const side of ['before', 'after', 'after', 'before'] as const) {
        const app = side === 'before' ? before : after;
        bursts[side].push(await simultaneousStreams(fake, app.client, app.app.child.pid!));
      }
      const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
      const growth = (s: Burst) => s.peakRss - s.rssBefore;
      const sum = (list: Burst[], of: (s: Burst) => number) => list.reduce((total, s) => total + of(s), 0);
      const within = (now: number, then: number, slack: number) => now <= Math.max(then * 1.25, then + slack);
      const errorsAfter = bursts.after.flatMap((s) => s.errors);
      streamsOk =
        errorsAfter.length === 0 &&
        within(sum(bursts.after, (s) => s.elapsedMs), sum(bursts.before, (s) => s.elapsedMs), 2000) &&
        within(sum(bursts.after, growth), sum(bursts.before, growth), 100 * 1024 * 1024);
      const line = (list: Burst[]) =>
        `errors ${list.flatMap((s) => s.errors).length}   wall ${list.map((s) => ms(s.elapsedMs)).join(' + ')}   RSS growth ${list.map((s) => mib(growth(s))).join(' + ')} = ${mib(sum(list, growth))}`;
      console.log(`  (3) ${PARALLEL} simultaneous streaming replies, twice each, in the order baseline, this, this, baseline (cold, then warm)`);
      console.log(`      baseline  ${line(bursts.before)}`);
      console.log(`      this      ${line(bursts.after)}`);
      console.log(`      (target 0 errors; the two bursts' wall time and RSS growth within 25 % or 2 s / 100 MiB of the baseline's) ${streamsOk ? 'PASS' : 'FAIL'}`);
      for (const error of errorsAfter.slice(0, 5)) console.log(`      error: ${error}`);
    }
    const pass = firstTokenOk && meOk && streamsOk;
    console.log(`  ${pass ? 'PASS' : 'FAIL'}`);
    return pass;
  } finally {
    await Promise.all([after.close(), before.close()]);
    await fake.server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pass = await runBeforeAfterBench();
  process.exit(pass === false ? 1 : 0);
}
