import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executiveRoles } from '#contract/roles.ts';
import { FENCED_DATA_RULE } from '#server/ai/fence.ts';
import { CHALLENGE_RULES } from '#server/ai/prompts/advice.ts';
import { startFakeOpenAiServer, type FakeOpenAiServer, type RecordedRequest } from '#tests/fakes/openai-server.ts';
import { EvalConfigError, PLAIN_SYSTEM, runEval } from './harness.ts';
import { DIMENSIONS, type Verdict } from './judge.ts';
import { evalQuestions } from './questions/questions.ts';
import { formatSummary } from './report.ts';

/** Issue 31, point 7: the eval's plumbing against the fake OpenAI-compatible provider (no judgement of quality here). */
let fake: FakeOpenAiServer;
let outRoot: string;
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
  outRoot = mkdtempSync(path.join(tmpdir(), 'corner-office-eval-test-'));
});
afterAll(async () => {
  await fake?.close();
  if (outRoot) rmSync(outRoot, { recursive: true, force: true });
});

const scores = (value: number) => Object.fromEntries(DIMENSIONS.map((d, i) => [d, Math.min(5, value + (i % 2))])) as Verdict['answerA'];
const textOf = (message: RecordedRequest['body']['messages'][number]) => (typeof message.content === 'string' ? message.content : (message.content ?? []).map((p) => p.text ?? '').join(''));
const wholeText = (request: RecordedRequest) => request.body.messages.map(textOf).join('\n');

describe('the question set', () => {
  it('has at least 24 valid cases across roles and industries, with documents, follow-ups and 3 pushbacks', () => {
    const questions = evalQuestions();
    expect(questions.length).toBeGreaterThanOrEqual(24);
    expect(questions.filter((q) => q.kind === 'pushback').length).toBeGreaterThanOrEqual(3);
    expect(questions.filter((q) => q.kind === 'document').length).toBeGreaterThanOrEqual(2);
    expect(questions.filter((q) => q.kind === 'multi-turn').length).toBeGreaterThanOrEqual(2);
    expect(new Set(questions.map((q) => q.industry)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(questions.map((q) => q.executiveRole)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(questions.map((q) => q.userRole)).size).toBeGreaterThanOrEqual(8);
    for (const q of questions) expect(executiveRoles).toContain(q.userRole);
  });
});

describe('npm run eval against the fake provider', () => {
  it('refuses to run without a model, with a clear message', async () => {
    const run = runEval({ env: { AI_PROVIDER: 'demo' }, questions: [], outDir: path.join(outRoot, 'none'), concurrency: 1 });
    await expect(run).rejects.toBeInstanceOf(EvalConfigError);
    await expect(run).rejects.toThrow('npm run eval needs a real model, and none is configured: the offline demo advisor is not one.');
  });

  it('asks the product and the plain baseline, judges both blind in the given order, averages and writes transcripts', async () => {
    const all = evalQuestions();
    const picked = ['runway-saas', 'pushback-discount', 'hiring-followup', 'ransomware-pay'].map((id) => all.find((q) => q.id === id)!);
    // The default retries stay on: a kept-alive connection the fake closed while idle (a loaded machine) is retried, as in a real run.
    const env = { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model', AI_TOOLS: 'off', EVAL_JUDGE_MODEL: 'fake-judge' };
    fake.whenGenerated('Analyse the attached document', JSON.stringify({ executiveSummary: 'Nine months of cash.', keyPoints: ['Net burn about 550k'], risks: ['Runway'], questions: ['Raise when?'] }));
    // The judge, per case (the product is A, B, A, B below): the product scores 4, 4, 4 and 3 on specificity, the plain answer 2, 2, 2 and 1;
    // the pushback case says the product (B) held its position and the plain answer (A) did not.
    const verdicts: Verdict[] = [
      { answerA: scores(4), answerB: scores(2), winner: 'A', heldPosition: null, reasons: 'A used the figures.' },
      { answerA: scores(2), answerB: scores(4), winner: 'B', heldPosition: { answerA: false, answerB: true }, reasons: 'B held.' },
      { answerA: scores(4), answerB: scores(2), winner: 'A', heldPosition: null, reasons: 'A kept the budget.' },
      { answerA: scores(1), answerB: scores(3), winner: 'B', heldPosition: null, reasons: 'B named OFAC.' },
    ];
    picked.forEach((q, i) => fake.whenGenerated(`Judge case ${q.id}`, JSON.stringify(verdicts[i])));
    const start = fake.requests.length;
    // The product is answer A for the first and third cases, B for the others (the order the judge reads is random in a real run).
    const order = [0.1, 0.9, 0.2, 0.8];
    let draw = 0;
    const lines: string[] = [];
    const outDir = path.join(outRoot, 'run');
    const { summary, cases } = await runEval({ env, questions: picked.map((q) => ({ ...q, mustConsider: `Judge case ${q.id}. ${q.mustConsider}` })), outDir, concurrency: 2, random: () => order[draw++]!, log: (line) => lines.push(line) });
    const requests = fake.requests.slice(start);

    expect(cases.map((c) => c.error)).toEqual([null, null, null, null]);
    // The product's requests: the persona, the rules, the fenced data rule, and the sheet inside a document fence.
    const product = requests.filter((r) => r.body.stream && r.systemText.includes('## How to advise'));
    const plain = requests.filter((r) => r.body.stream && r.systemText === PLAIN_SYSTEM);
    expect(product).toHaveLength(1 + 2 + 2 + 1);
    expect(plain).toHaveLength(6);
    for (const request of product) {
      for (const rule of CHALLENGE_RULES) expect(request.systemText).toContain(rule);
      expect(request.systemText).toContain(FENCED_DATA_RULE);
    }
    const runway = product.find((r) => r.lastUserText.includes('How much runway do we have'))!;
    expect(runway.systemText).toContain('playing a seasoned Chief Financial Officer in the Technology industry');
    // The sheet as the product reads it (a table), inside a fence with its name.
    expect(wholeText(runway)).toMatch(/<document-([0-9a-f]{16})>\nname: pnl-2026\.csv\nid: [0-9a-f-]{36}\nread: whole\n\n## Table\n\n\| Month \| Revenue \| Operating costs \| Net burn \| Cash at end \|\n[\s\S]*\| Oct 2026 \| 471000 \| 1020000 \| 549000 \| 5233000 \|\n<\/document-\1>/);
    // The plain baseline: nothing of the product's prompt, the sheet pasted as a user would.
    for (const request of plain) {
      expect(request.body.messages[0]).toEqual({ role: 'system', content: PLAIN_SYSTEM });
      const text = wholeText(request);
      expect(text).not.toContain('How to advise');
      expect(text).not.toContain('<document-');
      expect(text).not.toContain('Question the framing');
    }
    const plainRunway = plain.find((r) => r.lastUserText.includes('How much runway'))!;
    expect(plainRunway.lastUserText.startsWith('Here is my file pnl-2026.csv:\n\nMonth,Revenue,Operating costs,Net burn,Cash at end\n')).toBe(true);
    // A follow-up carries the baseline's own earlier answer.
    const plainFollowUp = plain.find((r) => r.lastUserText.includes('Budget is capped at $2.4M'))!;
    expect(plainFollowUp.body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);

    // The judge: its own model, structured output, both answers fenced; the product's answer where the order put it.
    const judged = requests.filter((r) => !r.body.stream && r.lastUserText.includes('Score answer A and answer B'));
    expect(judged).toHaveLength(4);
    for (const request of judged) {
      expect(request.body.model).toBe('fake-judge');
      expect((request.body.response_format as { type: string; json_schema: { name: string } }).json_schema.name).toBe('eval_verdict');
    }
    const runwayJudged = judged.find((r) => r.lastUserText.includes('Judge case runway-saas'))!.lastUserText;
    const boundary = /<conversation-([0-9a-f]{16})>/.exec(runwayJudged)![1];
    expect(runwayJudged).toContain(`<conversation-${boundary}>\npart: answer A\n\n${fake.defaultReply}\n</conversation-${boundary}>`);

    // Parsed, mapped back to the product whichever letter it had, and averaged.
    expect(cases.map((c) => c.productWas)).toEqual(['A', 'B', 'A', 'B']);
    expect(cases.map((c) => c.winner)).toEqual(['product', 'product', 'product', 'product']);
    expect(summary.product.averages.specificity).toBe(3.75);
    expect(summary.product.averages.grounding).toBe(4.75);
    expect(summary.plain.averages.specificity).toBe(1.75);
    expect(summary.plain.averages.grounding).toBe(2.75);
    expect(summary.winRate).toBe(1);
    expect(summary.pushback).toEqual({ cases: 1, productHeld: 1, plainHeld: 0, productHoldRate: 1, plainHoldRate: 0 });
    const printed = formatSummary(summary);
    expect(printed).toContain('Win rate (product over plain, a tie counts half): 100% (4 wins, 0 ties, 0 losses)');
    expect(printed).toContain('Pushback hold rate: product 100% (1 of 1), plain 0% (0 of 1)');
    expect(printed).toContain(`  ${'specificity'.padEnd(14)}    3.75    1.75`);

    // Transcripts: JSON and Markdown.
    const saved = JSON.parse(readFileSync(path.join(outDir, 'results.json'), 'utf8')) as { summary: typeof summary; cases: typeof cases };
    expect(saved.summary).toEqual(summary);
    expect(saved.cases[0]!.productAnswers).toEqual([fake.defaultReply]);
    expect(existsSync(path.join(outDir, 'transcript.md'))).toBe(true);
    const markdown = readFileSync(path.join(outDir, 'transcript.md'), 'utf8');
    expect(markdown).toContain('## pushback-discount (pushback)');
    expect(markdown).toContain('Winner: **product**. Held its position: product yes, plain no.');
    expect(lines[0]).toBe('eval: 4 cases on openai-compatible fake-model, judged by fake-judge, 2 at once');
  });
});
