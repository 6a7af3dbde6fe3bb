/**
 * `npm run bench`: every performance figure the issues ask for, printed with its target.
 * Figures are measured in one run so ratios compare like with like on a noisy machine.
 */
import { existsSync } from 'node:fs';
import { benchAuthMe, printAuthMe } from './auth-me.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const results: Array<[string, boolean]> = [];

results.push(['auth/me throughput ratio', printAuthMe(await benchAuthMe(seconds))]);

// Benchmarks contributed by other features, run when present.
if (existsSync(new URL('./landing-bundle.ts', import.meta.url))) {
  const { runLandingBundleBench } = (await import(new URL('./landing-bundle.ts', import.meta.url).href)) as { runLandingBundleBench?: () => Promise<boolean> };
  if (runLandingBundleBench) results.push(['landing bundle', await runLandingBundleBench()]);
}
if (existsSync(new URL('./chat-stream.ts', import.meta.url))) {
  const { runChatStreamBench } = (await import(new URL('./chat-stream.ts', import.meta.url).href)) as { runChatStreamBench?: () => Promise<boolean> };
  if (runChatStreamBench) results.push(['chat streaming', await runChatStreamBench()]);
}
if (existsSync(new URL('./history.ts', import.meta.url))) {
  const { runHistoryBench } = (await import(new URL('./history.ts', import.meta.url).href)) as { runHistoryBench?: () => Promise<boolean> };
  if (runHistoryBench) results.push(['conversation history list and search', await runHistoryBench()]);
}

console.log('\nSummary');
for (const [name, pass] of results) console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${name}`);
process.exit(0);
