/**
 * `npm start`: builds the client when dist/ is missing or older than its sources, then boots the
 * server (which applies migrations). One command from a fresh clone to a running app.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

// One clear line instead of an obscure failure later: the supported runtime is the major in .nvmrc.
const requiredMajor = Number(readFileSync(path.join(root, '.nvmrc'), 'utf8').trim().replace(/^v/, '').split('.')[0]);
if (Number(process.versions.node.split('.')[0]) < requiredMajor) {
  console.error(`Corner Office needs Node.js ${requiredMajor} or newer (see .nvmrc); this is Node ${process.version}.`);
  process.exit(1);
}

// A local .env (see .env.example) fills in what the environment does not set.
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const builtIndex = path.join(root, 'dist/client/index.html');

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = ['src/client', 'src/contract', 'public', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p)).filter(existsSync);
const stale = !existsSync(builtIndex) || Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;

if (stale) {
  console.log('Building the web app (first start or sources changed)...');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../src/server/server.ts');
