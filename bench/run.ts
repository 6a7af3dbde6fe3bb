/**
 * `npm run bench`: every performance figure the issues ask for, printed with its target and PASS/FAIL.
 * Figures are measured in one run so ratios compare like with like on a noisy machine; the machine's
 * load average is printed before each figure (a shared machine makes every timing worse: read it).
 */
import { cpus, loadavg } from 'node:os';
import { benchAuthMe, printAuthMe } from './auth-me.ts';
import { runBeforeAfterBench } from './before-after.ts';
import { runCalculateBench } from './calculate.ts';
import { runChatStreamBench } from './chat-stream.ts';
import { runDocumentBombsBench } from './document-bombs.ts';
import { runDocumentsBench } from './documents.ts';
import { runHistoryBench } from './history.ts';
import { runLandingBundleBench, runLandingTransferBench } from './landing-bundle.ts';
import { runLighthouseBench } from './lighthouse.ts';
import { runLoadShedBench } from './load-shed.ts';
import { runLongConversationBench } from './long-conversation.ts';
import { runMemoryContextBench } from './memory-context.ts';
import { runMultiInstanceBench } from './multi-instance.ts';
import { runForgotPasswordBench } from './forgot-password.ts';
import { runPdfExportBench } from './pdf-export.ts';
import { runPwaBench } from './pwa.ts';
import { runReadDocumentBench } from './read-document.ts';
import { runRoundtableBench } from './roundtable.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const results: Array<[string, boolean, string]> = [];
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function step(name: string, run: () => Promise<boolean>) {
  const before = load();
  console.log(`\n[load average ${before} on ${cpus().length} cores]`);
  results.push([name, await run(), before]);
}

await step('auth/me throughput ratio', async () => printAuthMe(await benchAuthMe(seconds)));
await step('landing bundle (manifest, gzip 9)', runLandingBundleBench);
await step('landing first-load transfer as sent (brotli)', runLandingTransferBench);
await step('Lighthouse: /, /plans, /signin, /chat (mobile targets; desktop printed)', runLighthouseBench);
await step('chat streaming: first token (PGlite, PostgreSQL), 1,000 simultaneous streams', runChatStreamBench);
await step('company memory: profile and 500 facts in the prompt vs memory paused, first-token p99', runMemoryContextBench);
const beforeAfterLoad = load();
const beforeAfter = await runBeforeAfterBench();
if (beforeAfter !== null) results.push(['before/after (BENCH_BASELINE_DIR): first token, /api/auth/me, 1,000 streams', beforeAfter, beforeAfterLoad]);
await step('load shedding budget: event-loop delay against first-token latency, ramped load (PGlite; figures only)', runLoadShedBench);
await step('conversation history list and search', runHistoryBench);
await step('/api/health while a PDF exports', runPdfExportBench);
const documents = await runDocumentsBench();
results.push(['100 MB upload: server RSS growth', documents.upload, load()]);
results.push(['50-page PDF extraction + analysis', documents.analysis, load()]);
await step('document bombs: server RSS growth over a normal file', runDocumentBombsBench);
await step('read_document: p95 over 1,000 documents and 200,000 passages (PGlite)', runReadDocumentBench);
await step('calculate: server time per step, p99 <= 5 ms (runway, NPV, IRR, 60-period scenarios, ...)', runCalculateBench);
await step('forgot-password timing, registered vs unknown address', runForgotPasswordBench);
await step('long conversation: 10,000 messages open and paged in Chromium', runLongConversationBench);
await step('installable app: Chromium installability, repeat-visit LCP from the service worker', runPwaBench);
await step('roundtables: first seat token, 5-seat table, 50 at once', runRoundtableBench);
const multi = await runMultiInstanceBench();
if (multi !== null) results.push(['two instances behind a proxy: 1,000 streams, throughput ratio', multi, load()]);

console.log(`\nSummary (load average at the start of each figure; ${cpus().length} cores)`);
for (const [name, pass, at] of results) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${name}   [load ${at}]`);
process.exit(0);
