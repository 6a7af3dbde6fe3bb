/**
 * The landing page's JavaScript on first load, gzipped: the entry chunk, every chunk it imports
 * statically, and the landing page's lazy chunk with its static imports (what the browser must
 * fetch before the landing page renders). Lazily loaded code (upgrade dialog, notices, other
 * pages) is not counted. Reads the Vite manifest, so run `npx vite build` first.
 *
 *   npx tsx bench/landing-bundle.ts     prints the figure and exits 1 when over budget
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** 100 KB read strictly (1 KB = 1000 bytes, as Vite prints sizes), so it holds whichever way it is read. */
export const LANDING_BUDGET_BYTES = 100_000;
const LANDING_SOURCE = 'features/marketing/components/landing-page.tsx';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface LandingBundle {
  totalGzipBytes: number;
  files: { file: string; gzipBytes: number }[];
}

export async function measureLandingBundle(clientDir = path.resolve(import.meta.dirname, '../dist/client')): Promise<LandingBundle> {
  const manifestPath = path.join(clientDir, '.vite/manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8').catch(() => {
    throw new Error(`No build manifest at ${manifestPath}: run \`npx vite build\` first.`);
  })) as Record<string, ManifestChunk>;

  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const landingKey = Object.keys(manifest).find((key) => key === LANDING_SOURCE || manifest[key]!.src === LANDING_SOURCE);
  if (!entryKey) throw new Error('The build manifest has no entry chunk.');
  // No chunk of its own means the landing page is bundled into the entry: nothing more to add.

  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  if (landingKey) visit(landingKey);

  const files = await Promise.all(
    [...seen]
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'))
      .map(async (file) => ({ file, gzipBytes: gzipSync(await readFile(path.join(clientDir, file)), { level: 9 }).length })),
  );
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), files };
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureLandingBundle();
  for (const f of result.files) console.log(`  ${formatKb(f.gzipBytes).padStart(9)}  ${f.file}`);
  const ok = result.totalGzipBytes <= LANDING_BUDGET_BYTES;
  console.log(
    `Landing page first-load JavaScript: ${formatKb(result.totalGzipBytes)} gzip (${result.totalGzipBytes} bytes; budget ${formatKb(LANDING_BUDGET_BYTES)}): ${ok ? 'PASS' : 'FAIL'}`,
  );
  if (!ok) process.exitCode = 1;
}

/** For bench/run.ts: prints the figure and answers whether it is within budget. */
export async function runLandingBundleBench(): Promise<boolean> {
  const { totalGzipBytes, files } = await measureLandingBundle();
  const ok = totalGzipBytes <= LANDING_BUDGET_BYTES;
  console.log(
    `\nLanding page first-load JavaScript (${files.length} file${files.length === 1 ? '' : 's'}): ${formatKb(totalGzipBytes)} gzip (${totalGzipBytes} bytes), budget ${formatKb(LANDING_BUDGET_BYTES)}: ${ok ? 'PASS' : 'FAIL'}`,
  );
  return ok;
}
