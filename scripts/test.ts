/**
 * `npm test`: typecheck, lint, unit + integration (PGlite; PostgreSQL too when TEST_DATABASE_URL
 * is set), then end to end in Chromium. Without Chromium the end-to-end step is skipped loudly,
 * unless E2E_REQUIRED=1 (CI), which makes a missing browser a failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

// Which runtime ran the suite: CI installs the one in .nvmrc when the machine's is older (.ci/run).
console.log(`Node ${process.version} (${process.execPath})`);
run('Typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']);
run('Lint', 'npx', ['eslint', '--max-warnings=0', '.']);
if (!process.env.TEST_DATABASE_URL) console.log('\nTEST_DATABASE_URL is not set: integration tests run on PGlite only.');
run('Unit and integration tests', 'npx', ['vitest', 'run']);

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Chromium not found at ${chromium}: end-to-end tests were NOT run. Install it (apt-get install -y chromium) or set CHROME_PATH.`;
  if (process.env.E2E_REQUIRED === '1') {
    console.error(`\n${message}\nE2E_REQUIRED=1, so this is a failure.`);
    process.exit(1);
  }
  console.warn(`\n${'!'.repeat(80)}\n${message}\n${'!'.repeat(80)}`);
  process.exit(0);
}
run('Build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
run('End-to-end tests', 'npx', ['playwright', 'test'], { ...process.env, CHROME_PATH: chromium });
