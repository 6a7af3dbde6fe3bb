/**
 * PDF export off the event loop (issue 9, finding 6): while a 58-message conversation exports,
 * `/api/health` must keep answering within 100 ms. The real application serves HTTP from this
 * process (PGlite on disk, on its own thread); health is asked every 20 ms, one request at a time,
 * from a thread of its own, from the start of the export to its end. For comparison, the same conversation rendered on the
 * main thread (as before decision 020) while health is asked the same way.
 * `npx tsx bench/pdf-export.ts` runs it alone; `npm run bench` runs it with the others.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { configFrom } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { chatMessages, chatSessions, users } from '../src/server/db/schema.ts';
import type { ConversationExport } from '../src/server/features/history/export/conversation.ts';
import { renderConversationPdf } from '../src/server/features/history/export/pdf.ts';

const MESSAGES = 58;
const TARGET_MS = 100;

/** An advisor's answer of the usual shape: headings, paragraphs, a list, bold, a table (about 2,400 characters). */
function answer(i: number): string {
  const paragraph = `For question ${i}, the first thing I would look at is cash conversion: how many days of working capital the business ties up between paying suppliers and collecting from customers, and which of those days you actually control. `;
  return [
    `### My take as your Chief Financial Officer`,
    paragraph.repeat(3),
    `**What I would measure**`,
    ['Days sales outstanding by customer segment', 'Inventory turns by product family', 'Gross margin after returns and freight', 'Forecast accuracy over the last four quarters'].map((item) => `- ${item}: ${paragraph.slice(0, 90)}`).join('\n'),
    `| Lever | Effect on cash | Effort |\n| --- | --- | --- |\n| Supplier terms | +12 days | Medium |\n| Collections | +8 days | Low |\n| Inventory | +15 days | High |`,
    `**Why it matters here**`,
    paragraph.repeat(2),
  ].join('\n\n');
}

const question = (i: number) => `Question ${i}: how should we think about working capital as we grow into new regions next year?`;

interface Latencies {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

function summarize(times: number[]): Latencies {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0 };
}

/**
 * Asks `/api/health` one request at a time, 20 ms apart, from its own thread (a prober on the
 * server's thread would sleep through a stall instead of waiting on it), until told to stop.
 */
const proberSource = `
const { parentPort, workerData } = require('node:worker_threads');
let stop = false;
parentPort.on('message', () => (stop = true));
(async () => {
  const times = [];
  while (!stop) {
    const sent = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error('/api/health answered ' + response.status);
    times.push(performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage(times);
})();
`;

/** Health latencies measured from another thread while `work` runs; answers them and the work's duration. */
async function healthWhile(url: string, work: () => Promise<unknown>): Promise<{ health: Latencies; workMs: number }> {
  const prober = new Worker(proberSource, { eval: true, workerData: { url: `${url}/api/health` } });
  const answered = new Promise<number[]>((resolve, reject) => {
    prober.once('message', resolve);
    prober.once('error', reject);
  });
  await delay(100); // the prober is up and asking
  const start = performance.now();
  await work();
  const workMs = performance.now() - start;
  prober.postMessage('stop');
  const times = await answered;
  await prober.terminate();
  return { health: summarize(times), workMs };
}

const line = (name: string, r: { health: Latencies; workMs: number }) =>
  `  ${name.padEnd(34)} export ${(r.workMs / 1000).toFixed(2).padStart(5)} s   health x${String(r.health.count).padStart(3)}: p50 ${r.health.p50.toFixed(1).padStart(6)} ms   p95 ${r.health.p95.toFixed(1).padStart(6)} ms   max ${r.health.max.toFixed(1).padStart(7)} ms`;

export async function runPdfExportBench(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'co-bench-pdf-'));
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
  await runMigrations(database);
  const config = configFrom({ DATA_DIR: dataDir, AI_PROVIDER: 'demo', RATE_LIMIT_SIGNUP_PER_HOUR: '1000' });
  const app = await buildApp({ config, database, logger: false, clientDir: '/nonexistent' });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const signup = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email: 'pdf.bench@example.com', password: 'benchmark password' }),
    });
    if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`);
    const userId = ((await signup.json()) as { user: { id: string } }).user.id;
    const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    await database.db.update(users).set({ appUserType: 'vip' }).where(eq(users.id, userId));
    const [session] = await database.db
      .insert(chatSessions)
      .values({ userId, title: 'Working capital plan', executiveRole: 'CFO', industry: 'Retail', userRole: 'CEO' })
      .returning({ id: chatSessions.id });
    const start = Date.now() - MESSAGES * 60_000;
    const contents = Array.from({ length: MESSAGES }, (_, i) => (i % 2 === 0 ? question(i / 2 + 1) : answer((i + 1) / 2)));
    await database.db.insert(chatMessages).values(
      contents.map((content, i) => ({ sessionId: session!.id, role: i % 2 === 0 ? ('user' as const) : ('assistant' as const), content, timestamp: new Date(start + i * 60_000) })),
    );

    const exportPdf = async () => {
      const response = await fetch(`${url}/api/chat-sessions/${session!.id}/export/pdf?tz=UTC`, { headers: { cookie } });
      const bytes = await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`export answered ${response.status}: ${Buffer.from(bytes).toString().slice(0, 200)}`);
      return bytes.byteLength;
    };
    await exportPdf(); // warm-up: starts the PDF thread and loads pdfmake there

    const idle = await healthWhile(url, () => delay(1_000));
    const offThread = await healthWhile(url, exportPdf);
    const conversation: ConversationExport = {
      appName: config.appName,
      title: 'Working capital plan',
      userRole: 'CEO',
      executiveRole: 'CFO',
      industry: 'Retail',
      date: 'November 22, 2025',
      exportedAt: 'Nov 24, 2025, 9:05 AM',
      timeZone: 'UTC',
      messages: contents.map((content, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', speaker: i % 2 === 0 ? 'You' : 'CFO', time: 'Nov 22, 2025, 3:45 PM', content, note: null })),
    };
    await renderConversationPdf(conversation); // warm-up on this thread
    const onMainThread = await healthWhile(url, () => renderConversationPdf(conversation));

    const pass = offThread.health.max < TARGET_MS;
    console.log(`\nPDF export of a ${MESSAGES}-message conversation: /api/health latency while it renders (target max < ${TARGET_MS} ms)`);
    console.log(line('idle (1 s, no export)', idle));
    console.log(`${line('export on the PDF thread (route)', offThread)}   ${pass ? 'PASS' : 'FAIL'}`);
    console.log(`${line('same render on the main thread', onMainThread)}   (before: for comparison)`);
    return pass;
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pass = await runPdfExportBench();
  process.exit(pass ? 0 : 1);
}
