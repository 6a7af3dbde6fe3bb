/**
 * Adds to package-lock.json the platform-specific optional packages (other OSes and CPUs) that npm
 * leaves out when the registry it talks to does not serve them. Without those entries `npm ci`
 * refuses the lock file as "out of sync" on every machine. Run after `npm install`:
 *   node scripts/complete-lockfile.mjs
 * See docs/decisions/009-lockfile-platform-packages.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;

for (const [key, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${key ? `${key}/` : ''}node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (packages[nested] || packages[top]) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) {
      console.warn(`skipped ${name}@${spec}: not an exact version`);
      continue;
    }
    packages[top] = { version: spec, ...(entry.dev ? { dev: true } : {}), optional: true };
    added += 1;
  }
}

// Keep the lock's key order stable (npm sorts node_modules paths).
const [rootKey, ...rest] = Object.keys(packages);
lock.packages = Object.fromEntries([[rootKey, packages[rootKey]], ...rest.sort().map((k) => [k, packages[k]])]);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform package entr${added === 1 ? 'y' : 'ies'}`);
