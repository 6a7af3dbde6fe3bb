/**
 * The landing page's JavaScript on first load, gzipped: the page's script and the app it loads (both
 * entries), every chunk they import statically, and the landing page's lazy chunk with its static imports (what the browser must
 * fetch before the landing page renders). Lazily loaded code (upgrade dialog, notices, other
 * pages) is not counted. Reads the Vite manifest, so run `npx vite build` first.
 *
 *   npx tsx bench/landing-bundle.ts     prints the figure and exits 1 when over budget
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startServer } from './lib.ts';

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

  // Two entries: the page's script (index.html -> boot.ts) and the app it loads (main.tsx); both are first-load.
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const landingKey = Object.keys(manifest).find((key) => key === LANDING_SOURCE || manifest[key]!.src === LANDING_SOURCE);
  if (!entryKeys.includes('index.html') || !entryKeys.includes('main.tsx')) throw new Error('The build manifest lacks the page script (index.html) or the app (main.tsx) entry.');
  // No chunk of its own means the landing page is bundled into the entry: nothing more to add.

  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of entryKeys) visit(key);
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

interface Transfer {
  url: string;
  bytes: number;
  encoding: string;
}

/** GETs a URL as Chromium would ask for it, answering the bytes the server put on the wire (compressed, as sent). */
function fetchAsSent(url: string): Promise<Transfer & { body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
          else resolve({ url, bytes: body.length, encoding: String(response.headers['content-encoding'] ?? 'none'), body });
        });
      })
      .on('error', reject);
  });
}

/**
 * What the real server sends a first-time visitor for the landing page (issue 18, point 1): the HTML,
 * then every script, module preload and stylesheet it names, and the app its script loads once the page
 * is painted (docs/decisions/043-paint-before-the-app.md), each as it travels (brotli or gzip).
 * The JavaScript among them is what the 100 KB budget counts.
 */
export async function measureLandingTransfer(): Promise<{ html: Transfer; assets: Transfer[]; jsBytes: number; totalBytes: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'co-bench-landing-'));
  const app = await startServer('bench/servers/app-server.ts', { DATA_DIR: dataDir });
  try {
    const page = await fetchAsSent(`${app.url}/`);
    const { brotliDecompressSync } = await import('node:zlib');
    const html = page.encoding === 'br' ? brotliDecompressSync(page.body).toString('utf8') : page.body.toString('utf8');
    const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="(?:stylesheet|modulepreload)"[^>]*\shref)="(\/[^"]+)"/g)].map((m) => m[1]!);
    // What the page's script (boot.ts) fetches once the page is painted: the app and the page's own chunks.
    const root = /<div id="root"([^>]*)>/.exec(html)?.[1] ?? '';
    const appScript = /data-app="([^"]+)"/.exec(root)?.[1];
    if (!appScript) throw new Error('The landing page names no app for its script to load (data-app)');
    refs.push(appScript, .../data-preload="([^"]*)"/.exec(root)?.[1]?.split(' ').filter(Boolean) ?? []);
    const assets = await Promise.all([...new Set(refs)].map((ref) => fetchAsSent(`${app.url}${ref}`)));
    const jsBytes = assets.filter((a) => a.url.endsWith('.js')).reduce((sum, a) => sum + a.bytes, 0);
    const totalBytes = page.bytes + assets.reduce((sum, a) => sum + a.bytes, 0);
    return { html: page, assets, jsBytes, totalBytes };
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** For bench/run.ts: the first-load transfer as the server sends it, against the budget. */
export async function runLandingTransferBench(): Promise<boolean> {
  const { html, assets, jsBytes, totalBytes } = await measureLandingTransfer();
  console.log('\nLanding page first load, as the server sends it (what the budget counts)');
  for (const t of [html, ...assets]) console.log(`  ${formatKb(t.bytes).padStart(9)}  ${t.encoding.padEnd(4)}  ${new URL(t.url).pathname}`);
  const compressed = [html, ...assets].every((t) => t.encoding === 'br');
  const ok = jsBytes <= LANDING_BUDGET_BYTES && compressed;
  console.log(
    `  JavaScript ${formatKb(jsBytes)} (${jsBytes} bytes, budget ${formatKb(LANDING_BUDGET_BYTES)}); everything ${formatKb(totalBytes)}; all brotli: ${compressed ? 'yes' : 'NO'}: ${ok ? 'PASS' : 'FAIL'}`,
  );
  return ok;
}
