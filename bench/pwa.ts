/**
 * The installable app, measured in the test browser (issue 16, point 7; docs/decisions/023-installable-app.md):
 *
 * 1. Chromium's installability criteria: in a real (not off-the-record) profile, after the service
 *    worker controls the landing page, `Page.getInstallabilityErrors` must report no error and the
 *    manifest must parse without errors.
 * 2. The landing page's Largest Contentful Paint on a repeat visit: a new tab opens `/` again; the
 *    LCP element, its time, and whether everything the LCP needs (the document, the scripts that render
 *    the page, styles, web font, and an image if the element is one) came from the service worker (CDP `Network.responseReceived`
 *    `fromServiceWorker`). The first visit's LCP is printed beside it.
 *
 * Serves the built client (run `npx vite build` first) from the real app on a fresh PGlite database
 * and drives /usr/bin/chromium (CHROME_PATH) through playwright-core.
 *   npx tsx bench/pwa.ts     prints the figures and exits 1 when a criterion fails
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../src/server/app.ts';
import { configFrom } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';

const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Lcp {
  ms: number;
  element: string;
  /** The image's URL, or '' for a text block. */
  url: string;
}

interface VisitResult {
  lcp: Lcp;
  documentFromServiceWorker: boolean;
  /** Every response the page received, by path: from the service worker or the network. */
  responses: Map<string, boolean>;
}

export interface PwaMeasurement {
  installabilityErrors: string[];
  manifestErrors: string[];
  firstVisit: VisitResult;
  repeatVisit: VisitResult;
  /** What the LCP needed on the repeat visit, each with whether the service worker served it. */
  lcpResources: Array<{ path: string; fromServiceWorker: boolean }>;
}

/** Records LCP candidates from the first paint on (buffered), read after the page settled. */
async function observeLcp(page: Page) {
  await page.addInitScript(() => {
    const seen: Array<{ ms: number; element: string; url: string }> = [];
    (window as unknown as { lcpEntries: typeof seen }).lcpEntries = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null; url?: string }>) {
        const el = entry.element;
        const description = el ? `${el.tagName.toLowerCase()}${el.textContent ? ` "${el.textContent.trim().slice(0, 48)}"` : ''}` : '(removed element)';
        seen.push({ ms: Math.round(entry.startTime), element: description, url: entry.url ?? '' });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

async function visit(context: BrowserContext, url: string): Promise<VisitResult> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map<string, boolean>();
  let documentFromServiceWorker = false;
  cdp.on('Network.responseReceived', (event) => {
    const { pathname } = new URL(event.response.url);
    responses.set(pathname, Boolean(event.response.fromServiceWorker));
    if (event.type === 'Document') documentFromServiceWorker = Boolean(event.response.fromServiceWorker);
  });
  await observeLcp(page);
  await page.goto(url, { waitUntil: 'load' });
  // Let the last candidates paint (two frames after load), then read the largest.
  const lcp = await page.evaluate(
    () =>
      new Promise<{ ms: number; element: string; url: string }>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => setTimeout(() => resolve((window as unknown as { lcpEntries: Array<{ ms: number; element: string; url: string }> }).lcpEntries.at(-1)!), 500)),
        ),
      ),
  );
  await page.close();
  return { lcp, documentFromServiceWorker, responses };
}

export async function measurePwa(baseUrl: string, profileDir: string): Promise<PwaMeasurement> {
  // A persistent profile: Chromium reports an off-the-record context (Playwright's default) as not installable.
  const context = await chromium.launchPersistentContext(profileDir, { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs, viewport: { width: 1280, height: 800 } });
  try {
    const firstVisit = await visit(context, `${baseUrl}/`);

    // Installability once the worker controls the page (the criteria need a controlling worker with a fetch handler).
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated', undefined, { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = await cdp.send('Page.getAppManifest');
    await page.close();

    const repeatVisit = await visit(context, `${baseUrl}/`);
    // The landing page is rendered by its scripts: the LCP needs the document, the scripts and styles, the
    // web font of a text block, and the image of an image element.
    const assets = [...repeatVisit.responses.keys()].filter((p) => p.startsWith('/assets/'));
    const lcpPaths = ['/', ...assets, ...(repeatVisit.lcp.url ? [new URL(repeatVisit.lcp.url).pathname] : [])];
    return {
      installabilityErrors: installabilityErrors.map((e) => e.errorId),
      manifestErrors: manifest.errors.map((e) => e.message),
      firstVisit,
      repeatVisit,
      lcpResources: lcpPaths.map((p) => ({ path: p, fromServiceWorker: repeatVisit.responses.get(p) ?? false })),
    };
  } finally {
    await context.close();
  }
}

export function printPwa(m: PwaMeasurement): boolean {
  const installable = m.installabilityErrors.length === 0 && m.manifestErrors.length === 0;
  console.log(`  Installability errors (Page.getInstallabilityErrors): ${m.installabilityErrors.length === 0 ? 'none' : m.installabilityErrors.join(', ')}`);
  console.log(`  Manifest errors (Page.getAppManifest): ${m.manifestErrors.length === 0 ? 'none' : m.manifestErrors.join('; ')}`);
  const line = (name: string, v: VisitResult) => {
    const fromSw = [...v.responses.values()].filter(Boolean).length;
    console.log(`  ${name}: LCP ${v.lcp.ms} ms, ${v.lcp.element}${v.lcp.url ? ` (${v.lcp.url})` : ''}; document from the service worker: ${v.documentFromServiceWorker ? 'yes' : 'no'}; ${fromSw}/${v.responses.size} responses from the service worker`);
  };
  line('First visit ', m.firstVisit);
  line('Repeat visit', m.repeatVisit);
  console.log('    The document and the assets the page renders with, on the repeat visit:');
  for (const r of m.lcpResources) console.log(`      ${r.path}: ${r.fromServiceWorker ? 'service worker' : 'NETWORK'}`);
  const others = [...m.repeatVisit.responses].filter(([p, sw]) => !sw && !m.lcpResources.some((r) => r.path === p)).map(([p]) => p);
  if (others.length > 0) console.log(`    From the network (not needed for the LCP): ${others.join(', ')}`);
  const cached = m.repeatVisit.documentFromServiceWorker && m.lcpResources.every((r) => r.fromServiceWorker);
  console.log(`Installable in Chromium: ${installable ? 'PASS' : 'FAIL'}; repeat-visit LCP served from the service worker cache: ${cached ? 'PASS' : 'FAIL'}`);
  return installable && cached;
}

/** For bench/run.ts. */
export async function runPwaBench(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'co-bench-pwa-'));
  const profileDir = mkdtempSync(path.join(tmpdir(), 'co-bench-pwa-profile-'));
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
  await runMigrations(database);
  const app = await buildApp({ config: configFrom({ DATA_DIR: dataDir, AI_PROVIDER: 'demo' }), database, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    console.log('\nInstallable app (Chromium, real profile)');
    return printPwa(await measurePwa(url, profileDir));
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pass = await runPwaBench();
  process.exit(pass ? 0 : 1);
}
