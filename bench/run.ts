/**
 * `npm run bench`: every performance figure the issues ask for, printed with its target.
 * Figures are measured in one run so ratios compare like with like on a noisy machine.
 */
import { benchAuthMe, printAuthMe } from './auth-me.ts';
import { runChatStreamBench } from './chat-stream.ts';
import { runDocumentsBench } from './documents.ts';
import { runHistoryBench } from './history.ts';
import { runLandingBundleBench } from './landing-bundle.ts';
import { runForgotPasswordBench } from './forgot-password.ts';
import { runPdfExportBench } from './pdf-export.ts';
import { runPwaBench } from './pwa.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const results: Array<[string, boolean]> = [];

results.push(['auth/me throughput ratio', printAuthMe(await benchAuthMe(seconds))]);
results.push(['landing bundle', await runLandingBundleBench()]);
results.push(['chat streaming', await runChatStreamBench()]);
results.push(['conversation history list and search', await runHistoryBench()]);
results.push(['/api/health while a PDF exports', await runPdfExportBench()]);
const documents = await runDocumentsBench();
results.push(['100 MB upload: server RSS growth', documents.upload]);
results.push(['50-page PDF extraction + analysis', documents.analysis]);
results.push(['forgot-password timing, registered vs unknown address', await runForgotPasswordBench()]);
results.push(['installable app: Chromium installability, repeat-visit LCP from the service worker', await runPwaBench()]);

console.log('\nSummary');
for (const [name, pass] of results) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${name}`);
process.exit(0);
