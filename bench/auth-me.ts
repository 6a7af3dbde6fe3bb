/**
 * GET /api/auth/me (signed in: cookie -> session lookup -> user) against a bare Fastify JSON route,
 * measured side by side in the same run (alternating slices). Target: the real route keeps at least half
 * the bare route's throughput.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, startServer, type LoadResult } from './lib.ts';

/** Alternating slices per server: the two figures are measured side by side, not minutes apart. */
const ROUNDS = 5;

/** Slices of one server's load as one figure: mean throughput, worst percentiles, all errors. */
function combine(slices: LoadResult[]): LoadResult {
  return {
    requestsPerSecond: slices.reduce((sum, s) => sum + s.requestsPerSecond, 0) / slices.length,
    p50Ms: Math.max(...slices.map((s) => s.p50Ms)),
    p99Ms: Math.max(...slices.map((s) => s.p99Ms)),
    errors: slices.reduce((sum, s) => sum + s.errors, 0),
    non2xx: slices.reduce((sum, s) => sum + s.non2xx, 0),
  };
}

export async function benchAuthMe(seconds = 10) {
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
    for (let round = 0; round < ROUNDS; round++) {
      bareSlices.push(await load(`${bare.url}/bare`, { seconds: slice }));
      meSlices.push(await load(`${app.url}/api/auth/me`, { headers: { cookie }, seconds: slice }));
    }
    const bareResult = combine(bareSlices);
    const meResult = combine(meSlices);
    const ratios = meSlices.map((me, i) => me.requestsPerSecond / bareSlices[i]!.requestsPerSecond);
    return { bare: bareResult, me: meResult, ratio: meResult.requestsPerSecond / bareResult.requestsPerSecond, ratios };
  } finally {
    await app.stop();
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printAuthMe(result: { bare: LoadResult; me: LoadResult; ratio: number; ratios: number[] }): boolean {
  const row = (name: string, r: LoadResult) =>
    `  ${name.padEnd(28)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50Ms).padStart(4)} ms   p99 ${String(r.p99Ms).padStart(4)} ms   errors ${r.errors}   non-2xx ${r.non2xx}`;
  console.log(`\nGET /api/auth/me (signed in) vs a bare Fastify JSON route, 20 connections, ${result.ratios.length} alternating slices each`);
  console.log(row('bare Fastify route', result.bare));
  console.log(row('GET /api/auth/me', result.me));
  const pass = result.ratio >= 0.5 && result.me.errors === 0 && result.me.non2xx === 0;
  console.log(`  ratio /api/auth/me : bare = ${result.ratio.toFixed(2)} (slices ${result.ratios.map((r) => r.toFixed(2)).join(', ')}) (target >= 0.50) ${pass ? 'PASS' : 'FAIL'}`);
  return pass;
}
