/**
 * GET /api/auth/me (signed in: cookie -> session lookup -> user) against a bare Fastify JSON route,
 * measured side by side in the same run (alternating slices). Target: the real route keeps at least half
 * the bare route's throughput. Each server's main-thread CPU per request, from the same slices, is printed
 * beside it (decision 049). Run alone with `npx tsx bench/auth-me.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mainThreadCpuMicros } from './http-client.ts';
import { load, startServer, type LoadResult, type RunningServer } from './lib.ts';

/** Alternating slices per server: the two figures are measured side by side, not minutes apart. */
const ROUNDS = 5;

/** Slices of one server's load as one figure: mean throughput, worst percentiles, all errors. */
function combine(slices: LoadResult[]): LoadResult {
  return {
    requestsPerSecond: slices.reduce((sum, s) => sum + s.requestsPerSecond, 0) / slices.length,
    requests: slices.reduce((sum, s) => sum + s.requests, 0),
    p50Ms: Math.max(...slices.map((s) => s.p50Ms)),
    p99Ms: Math.max(...slices.map((s) => s.p99Ms)),
    errors: slices.reduce((sum, s) => sum + s.errors, 0),
    non2xx: slices.reduce((sum, s) => sum + s.non2xx, 0),
  };
}

/**
 * One slice of load, with the CPU the server's main thread spent on it. Throughput also moves with the
 * load generator, which shares the two cores; CPU per request is what the server itself costs.
 */
async function measuredSlice(server: RunningServer, url: string, options: Parameters<typeof load>[1], cpu: { micros: number; requests: number }) {
  const before = mainThreadCpuMicros(server.child.pid!);
  const result = await load(url, options);
  const after = mainThreadCpuMicros(server.child.pid!);
  if (before !== null && after !== null) {
    cpu.micros += after - before;
    cpu.requests += result.requests;
  }
  return result;
}

export interface AuthMeResult {
  bare: LoadResult;
  me: LoadResult;
  ratio: number;
  ratios: number[];
  /** Server main-thread CPU per request, µs (null without /proc). */
  cpuPerRequestUs: { bare: number; me: number } | null;
}

export async function benchAuthMe(seconds = 10): Promise<AuthMeResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'co-bench-'));
  const app = await startServer('bench/servers/app-server.ts', { DATA_DIR: dataDir, RATE_LIMIT_SIGNUP_PER_HOUR: '1000' });
  const bare = await startServer('bench/servers/bare-server.ts');
  try {
    const signup = await fetch(`${app.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email: `bench.${Date.now()}@example.com`, password: 'benchmark password' }),
    });
    if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
    const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const check = await fetch(`${app.url}/api/auth/me`, { headers: { cookie } });
    if (check.status !== 200) throw new Error(`/api/auth/me answered ${check.status}`);

    // Warm both up, then measure them in turns (ROUNDS slices each, alternating), so a change in the
    // machine's load in the meantime falls on both alike; the ratio is of the summed throughputs.
    await load(`${bare.url}/bare`, { seconds: 2 });
    await load(`${app.url}/api/auth/me`, { headers: { cookie }, seconds: 2 });
    const slice = Math.max(1, Math.round(seconds / ROUNDS));
    const bareSlices: LoadResult[] = [];
    const meSlices: LoadResult[] = [];
    const bareCpu = { micros: 0, requests: 0 };
    const meCpu = { micros: 0, requests: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      bareSlices.push(await measuredSlice(bare, `${bare.url}/bare`, { seconds: slice }, bareCpu));
      meSlices.push(await measuredSlice(app, `${app.url}/api/auth/me`, { headers: { cookie }, seconds: slice }, meCpu));
    }
    const bareResult = combine(bareSlices);
    const meResult = combine(meSlices);
    const ratios = meSlices.map((me, i) => me.requestsPerSecond / bareSlices[i]!.requestsPerSecond);
    const cpuPerRequestUs = bareCpu.requests > 0 && meCpu.requests > 0 ? { bare: bareCpu.micros / bareCpu.requests, me: meCpu.micros / meCpu.requests } : null;
    return { bare: bareResult, me: meResult, ratio: meResult.requestsPerSecond / bareResult.requestsPerSecond, ratios, cpuPerRequestUs };
  } finally {
    await app.stop();
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printAuthMe(result: AuthMeResult): boolean {
  const row = (name: string, r: LoadResult) =>
    `  ${name.padEnd(28)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50Ms).padStart(4)} ms   p99 ${String(r.p99Ms).padStart(4)} ms   errors ${r.errors}   non-2xx ${r.non2xx}`;
  console.log(`\nGET /api/auth/me (signed in) vs a bare Fastify JSON route, 20 connections, ${result.ratios.length} alternating slices each`);
  console.log(row('bare Fastify route', result.bare));
  console.log(row('GET /api/auth/me', result.me));
  const pass = result.ratio >= 0.5 && result.me.errors === 0 && result.me.non2xx === 0;
  console.log(`  ratio /api/auth/me : bare = ${result.ratio.toFixed(2)} (slices ${result.ratios.map((r) => r.toFixed(2)).join(', ')}) (target >= 0.50) ${pass ? 'PASS' : 'FAIL'}`);
  if (result.cpuPerRequestUs) {
    const { bare, me } = result.cpuPerRequestUs;
    console.log(`  server main-thread CPU per request: bare ${bare.toFixed(1)} µs, /api/auth/me ${me.toFixed(1)} µs (bare : /api/auth/me = ${(bare / me).toFixed(2)}; for reading the ratio, not a target)`);
  }
  return pass;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(printAuthMe(await benchAuthMe()) ? 0 : 1);
}
