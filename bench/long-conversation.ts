/**
 * Long conversations in the browser (issue 18, point 5; docs/decisions/032-long-conversations.md):
 *
 * 1. Opening a conversation of 10,000 messages: the time from the end of its messages response (the
 *    latest 50, resource timing) to interactive, i.e. the latest message painted and the last long task
 *    (PerformanceObserver 'longtask') that started after the response over. Target: under 300 ms.
 * 2. "Load earlier messages" until the first message: each of the 199 pages timed in the page from the
 *    end of its response to the frame after it rendered (the client's work; the whole click-to-frame time
 *    is printed beside it), per page p95 under 300 ms, and the last 20 pages no slower than twice the first
 *    20 (the page does not slow as the list grows: the transcript is virtualized).
 *
 * Serves the built client (run `npx vite build` first) from the real app on a fresh PGlite database,
 * the 10,000 messages inserted straight into it, and drives /usr/bin/chromium (CHROME_PATH) through playwright-core.
 *   npx tsx bench/long-conversation.ts     prints the figures and exits 1 when a target is missed
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/server/app.ts';
import { configFrom } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { chatMessages } from '../src/server/db/schema.ts';

const MESSAGES = 10_000;
const TARGET_MS = 300;
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const label = (n: number) => `Bench message #${String(n).padStart(5, '0')}.`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export interface LongConversationMeasurement {
  openToInteractiveMs: number;
  pages: Array<{ clientMs: number; totalMs: number; status: number }>;
  renderedRows: number;
  reachedFirst: boolean;
}

export async function measureLongConversation(baseUrl: string, cookies: Array<{ name: string; value: string }>, sessionId: string): Promise<LongConversationMeasurement> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(cookies.map((c) => ({ name: c.name, value: c.value, url: baseUrl })));
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { longTasks: Array<{ start: number; end: number }> };
      w.longTasks = [];
      // Room for every page's resource timing entry (the default buffer holds 250).
      performance.setResourceTimingBufferSize(10_000);
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${baseUrl}/chat?session=${sessionId}`);
    await page.getByText(label(MESSAGES)).waitFor();
    const openToInteractiveMs = await page.evaluate(async () => {
      // Two frames and a quiet moment, so a long task still running after the paint is counted.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))));
      const response = performance.getEntriesByType('resource').find((e) => /\/messages\?limit=/.test(e.name) && !e.name.includes('before='));
      if (!response) throw new Error('no messages response');
      const { responseEnd } = response as PerformanceResourceTiming;
      const tasks = (window as unknown as { longTasks: Array<{ start: number; end: number }> }).longTasks.filter((t) => t.end > responseEnd);
      const painted = performance.getEntriesByType('paint').map((p) => p.startTime);
      return Math.max(0, ...tasks.map((t) => t.end - responseEnd), ...painted.filter((p) => p > responseEnd).map((p) => p - responseEnd));
    });
    // Page back to the first message, each page timed inside the page (no driver round trips in the figure).
    // No named functions inside: tsx would wrap them in a helper the page does not have.
    const pages = await page.evaluate(async (pageCount) => {
      const main = document.querySelector('main')!;
      const results: Array<{ clientMs: number; totalMs: number; status: number }> = [];
      for (let i = 0; i < pageCount; i++) {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('Load earlier messages'));
        if (!button) break;
        main.scrollTop = 0;
        const before = performance.getEntriesByType('resource').length;
        const start = performance.now();
        button.click();
        // The page's response (resource timing), then the list rendered with it (the button no longer busy).
        const deadline = start + 10_000;
        while (!performance.getEntriesByType('resource').slice(before).some((e) => e.name.includes('before=')) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
        while (document.querySelector('button[aria-busy="true"]')) await new Promise((resolve) => setTimeout(resolve, 1));
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        const end = performance.now();
        const fetched = performance.getEntriesByType('resource').slice(before).find((e) => e.name.includes('before=')) as PerformanceResourceTiming | undefined;
        results.push({ clientMs: end - (fetched?.responseEnd ?? start), totalMs: end - start, status: (fetched as (PerformanceResourceTiming & { responseStatus?: number }) | undefined)?.responseStatus ?? 0 });
      }
      return results;
    }, 2 * Math.ceil(MESSAGES / 50));
    await page.locator('main').evaluate((el) => (el.scrollTop = 0));
    const reachedFirst = await page
      .getByText(label(1))
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    const renderedRows = await page.locator('[data-testid="user-message"], [data-testid="assistant-message"]').count();
    return { openToInteractiveMs, pages, renderedRows, reachedFirst };
  } finally {
    await browser.close();
  }
}

export function printLongConversation(m: LongConversationMeasurement): boolean {
  // Every click should fetch one page (status 200); any other is printed and fails the figure.
  const fetched = m.pages.filter((p) => p.status === 200);
  const client = fetched.map((p) => p.clientMs);
  const total = fetched.map((p) => p.totalMs);
  const first20 = percentile(client.slice(0, 20), 95);
  const last20 = percentile(client.slice(-20), 95);
  const openPass = m.openToInteractiveMs < TARGET_MS;
  const pagesPass = m.reachedFirst && fetched.length === m.pages.length && percentile(client, 95) < TARGET_MS && last20 <= Math.max(2 * first20, 50);
  console.log(`  Open a ${MESSAGES.toLocaleString('en')}-message conversation: interactive ${m.openToInteractiveMs.toFixed(0)} ms after its messages response (target < ${TARGET_MS} ms): ${openPass ? 'PASS' : 'FAIL'}`);
  console.log(`  Load earlier, ${fetched.length} pages to the first message (${m.pages.length - fetched.length} clicks without a page): after each response p50 ${percentile(client, 50).toFixed(0)} ms, p95 ${percentile(client, 95).toFixed(0)} ms, max ${Math.max(...client).toFixed(0)} ms; click to frame p50 ${percentile(total, 50).toFixed(0)} ms, p95 ${percentile(total, 95).toFixed(0)} ms`);
  console.log(`    answers by status: ${JSON.stringify(Object.fromEntries(Object.entries(Object.groupBy(m.pages, (p) => String(p.status))).map(([k, v]) => [k, v?.length ?? 0])))}; first 20 pages p95 ${first20.toFixed(0)} ms, last 20 pages p95 ${last20.toFixed(0)} ms; first message reached: ${m.reachedFirst ? 'yes' : 'NO'}; rows in the page at the end: ${m.renderedRows} of ${MESSAGES.toLocaleString('en')}`);
  console.log(`  Paging through all ${MESSAGES.toLocaleString('en')} (per page p95 < ${TARGET_MS} ms, not slowing): ${pagesPass ? 'PASS' : 'FAIL'}`);
  return openPass && pagesPass;
}

/** For bench/run.ts. */
export async function runLongConversationBench(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'co-bench-long-'));
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
  await runMigrations(database);
  // CLIENT_DIR serves another build (an A/B comparison of two builds in the same minutes).
  const app = await buildApp({ config: configFrom({ DATA_DIR: dataDir, AI_PROVIDER: 'demo', CLIENT_DIR: process.env.CLIENT_DIR }), database, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { firstName: 'Bench', lastName: 'Mark', email: 'long.bench@example.com', password: 'benchmark password' } });
    const cookies = signup.cookies.map((c) => ({ name: c.name, value: c.value }));
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const session = (await app.inject({ method: 'POST', url: '/api/chat-sessions', headers: { cookie }, payload: { executiveRole: 'CEO', industry: 'Technology' } })).json() as { id: string };
    // 10,000 finished messages one millisecond apart, every seventh a few paragraphs (rows of different heights).
    const start = Date.now() - MESSAGES;
    for (let from = 0; from < MESSAGES; from += 2_000) {
      const rows = Array.from({ length: Math.min(2_000, MESSAGES - from) }, (_, k) => {
        const i = from + k;
        const content = i % 7 === 0 ? `${label(i + 1)}\n\n${'A longer thought on the plan, to give this row its own height. '.repeat(6)}` : label(i + 1);
        return { sessionId: session.id, role: i % 2 === 0 ? ('user' as const) : ('assistant' as const), content, status: 'complete' as const, timestamp: new Date(start + i) };
      });
      await database.db.insert(chatMessages).values(rows);
    }
    console.log(`\nLong conversation (Chromium, ${MESSAGES.toLocaleString('en')} messages on PGlite)`);
    return printLongConversation(await measureLongConversation(url, cookies, session.id));
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pass = await runLongConversationBench();
  process.exit(pass ? 0 : 1);
}
