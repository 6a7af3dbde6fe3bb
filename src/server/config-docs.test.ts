import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config.ts';

const root = new URL('../../', import.meta.url);
const variables = Object.keys(envSchema.shape).sort();
const envExample = readFileSync(new URL('.env.example', root), 'utf8');
const readme = readFileSync(new URL('README.md', root), 'utf8');

/** The variables a documentation table row names: `NAME` or `NAME_A` / `NAME_B` in its first cell. */
function readmeVariables(): string[] {
  const lines = readme.slice(readme.indexOf('| Variable | Default | What it does |')).split('\n');
  const end = lines.findIndex((line) => !line.startsWith('|'));
  return lines
    .slice(2, end)
    .flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!))
    .sort();
}

// Operators read .env.example and the README's table; the server reads envSchema. They must agree.
describe('configuration documentation', () => {
  it('.env.example names every variable the server reads, and no other', () => {
    const documented = [...envExample.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!).sort();
    expect(documented).toEqual(variables);
  });

  it("the README's configuration table names every variable the server reads, and no other", () => {
    expect([...new Set(readmeVariables())].sort()).toEqual(variables);
  });
});
