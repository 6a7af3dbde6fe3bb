/**
 * `npm run eval` (issue 31, point 7; decision 079): the question set asked of the product and of a
 * plain assistant on the configured model, judged blind; prints the averages, the win rate and the
 * pushback hold rate, and writes the transcripts to tmp/eval/<timestamp>/.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EvalConfigError, runEval } from './harness.ts';
import { evalQuestions } from './questions/questions.ts';
import { formatSummary } from './report.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// A local .env (see .env.example) fills in what the environment does not set, as `npm start` does.
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const concurrency = Number(process.env.EVAL_CONCURRENCY ?? 4);
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) {
  console.error('EVAL_CONCURRENCY must be a whole number from 1 to 32.');
  process.exit(2);
}
const only = process.env.EVAL_ONLY?.split(',').map((id) => id.trim()).filter(Boolean);
const questions = evalQuestions().filter((q) => !only?.length || only.includes(q.id));
const outDir = path.join(root, 'tmp', 'eval', new Date().toISOString().replace(/[:.]/g, '-'));

try {
  const { summary } = await runEval({ env: process.env, questions, outDir, concurrency, log: (line) => console.log(line) });
  console.log(`\n${formatSummary(summary)}\n\nTranscripts: ${path.relative(process.cwd(), outDir)}/results.json and transcript.md`);
  process.exit(summary.judged === 0 ? 1 : 0);
} catch (err) {
  if (err instanceof EvalConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
