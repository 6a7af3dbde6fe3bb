/**
 * `npm test`: the client build, then unit + integration (PGlite; PostgreSQL too when TEST_DATABASE_URL
 * is set) with typecheck and lint side by side, then end to end in Chromium. Without Chromium the end-to-end
 * step is skipped loudly, unless E2E_REQUIRED=1 (CI), which makes a missing browser a failure.
 *
 * Why side by side: the integration tests mostly wait (databases, timers, sockets), and a whole CI run
 * used 0.95 of this machine's 2 cores on average; typecheck, lint and build in front of them were 40 s
 * of the run on their own (745 s in all, 2026-12-03).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;

function fail(label: string, code: number | string | null): never {
  console.error(`\n${label} failed (exit ${code}) after ${elapsed()}.`);
  process.exit(typeof code === 'number' && code !== 0 ? code : 1);
}

/** Steps still running: a failure elsewhere stops them before the run exits. */
const running = new Set<ReturnType<typeof spawn>>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

interface Step {
  label: string;
  command: string;
  args: string[];
  /** The child's environment; this process's when unset. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs one step as a child: `live`, its output is shown as it comes; otherwise it is held and printed whole
 * when the step ends (so steps side by side do not interleave their lines). Resolves with its exit code.
 */
function spawnStep(step: Step, live: boolean): Promise<number | string | null> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: step.env ?? process.env });
    running.add(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) => {
      running.delete(child);
      console.log(`--- ${step.label}: ${code === 0 ? 'passed' : `failed (exit ${code ?? signal})`} at ${elapsed()}${output.trim() ? `\n${output.trimEnd()}` : ''}`);
      resolve(code ?? signal);
    });
  });
}

/** Runs one step with its output shown as it comes; resolves when it passed, fails the run when it did not. */
async function runLive(step: Step): Promise<void> {
  console.log(`\n=== ${step.label} (at ${elapsed()}) ===`);
  const code = await spawnStep(step, true);
  if (code !== 0) fail(step.label, code);
}

/** Runs short steps at once (each is mostly one core), printing each one's output whole when it ends. */
async function runTogether(steps: Step[]): Promise<void> {
  console.log(`\n=== ${steps.map((s) => s.label).join(', ')} (side by side, at ${elapsed()}) ===`);
  const codes = await Promise.all(steps.map((step) => spawnStep(step, false)));
  const failed = codes.findIndex((code) => code !== 0);
  if (failed >= 0) fail(steps[failed]!.label, codes[failed]!);
}

console.log(`Node ${process.version} (${process.execPath})`);
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const withBrowser = existsSync(chromium);
if (!process.env.TEST_DATABASE_URL) console.log('\nTEST_DATABASE_URL is not set: integration tests run on PGlite only.');
// The build first, alone: test apps serve dist/client, and a build empties it while it writes.
if (withBrowser) await runLive({ label: 'Build', command: 'npx', args: ['vite', 'build', '--logLevel', 'warn'] });
await Promise.all([
  runLive({ label: 'Unit and integration tests', command: 'npx', args: ['vitest', 'run'] }),
  runTogether([
    { label: 'Typecheck', command: 'npx', args: ['tsc', '--noEmit', '-p', '.'] },
    { label: 'Lint', command: 'npx', args: ['eslint', '--max-warnings=0', '.'] },
  ]),
]);

if (!withBrowser) {
  const message = `Chromium not found at ${chromium}: end-to-end tests were NOT run. Install it (apt-get install -y chromium) or set CHROME_PATH.`;
  if (process.env.E2E_REQUIRED === '1') {
    console.error(`\n${message}\nE2E_REQUIRED=1, so this is a failure.`);
    process.exit(1);
  }
  console.warn(`\n${'!'.repeat(80)}\n${message}\n${'!'.repeat(80)}`);
  process.exit(0);
}
await runLive({ label: 'End-to-end tests', command: 'npx', args: ['playwright', 'test'], env: { ...process.env, CHROME_PATH: chromium } });
console.log(`\nnpm test passed in ${elapsed()}.`);
