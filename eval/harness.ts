import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { streamText, type LanguageModel, type ModelMessage } from 'ai';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ChatMessageDto } from '#contract/chat.ts';
import type { DocumentDto } from '#contract/documents.ts';
import { buildApp } from '#server/app.ts';
import { createLanguageModel } from '#server/ai/provider.ts';
import { resolveLocalModel } from '#server/ai/local-model.ts';
import { configFrom, ConfigError, type Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { createChatSession, sendChatMessage, waitForMessage } from '#tests/helpers/chat-api.ts';
import { uploadDocument } from '#tests/helpers/documents-api.ts';
import { inject, setPlan, signUpUser } from '#tests/helpers/test-app.ts';
import { openTestDatabase } from '#tests/helpers/test-database.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';
import { DIMENSIONS, judge, type Dimension, type Scores, type Verdict } from './judge.ts';
import type { EvalQuestion } from './questions/schema.ts';
import { renderMarkdown, summarise, type EvalSummary } from './report.ts';

/** The baseline every answer is compared with: the same model, the same conversation, no product prompt. */
export const PLAIN_SYSTEM = 'You are a helpful assistant.';

/** The eval cannot run: no model is configured (the offline demo is not one), or the configuration is invalid. */
export class EvalConfigError extends Error {}

export interface EvalOptions {
  /** Where the settings come from (process.env): AI_PROVIDER, AI_MODEL, the keys, EVAL_JUDGE_MODEL. */
  env: Record<string, string | undefined>;
  questions: readonly EvalQuestion[];
  /** The run's directory (tmp/eval/<timestamp>): results.json and transcript.md. */
  outDir: string;
  /** Cases in flight at once. */
  concurrency: number;
  /** Which answer the judge reads first, per case (Math.random by default): a test fixes it. */
  random?: () => number;
  /** Progress lines. */
  log?: (line: string) => void;
  /** How long one product reply may take. */
  replyTimeoutMs?: number;
}

export interface CaseResult {
  id: string;
  kind: EvalQuestion['kind'];
  executiveRole: string;
  industry: string;
  userRole: string;
  turns: string[];
  document: EvalQuestion['document'] | null;
  productAnswers: string[];
  plainAnswers: string[];
  /** The plain baseline's exact last request (system and messages), as sent. */
  plainRequest: { system: string; messages: ModelMessage[] } | null;
  /** Which answer the judge read as A. */
  productWas: 'A' | 'B' | null;
  verdict: Verdict | null;
  product: Scores | null;
  plain: Scores | null;
  winner: 'product' | 'plain' | 'tie' | null;
  held: { product: boolean; plain: boolean } | null;
  error: string | null;
}

/** The settings of the app this eval runs: the model's, from the environment, and nothing else (a fresh in-memory database, files in a temporary directory). */
function appVars(env: Record<string, string | undefined>, dataDir: string): Record<string, string | undefined> {
  const picked = Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('AI_') || ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'APP_NAME'].includes(name)));
  return {
    ...picked,
    DATA_DIR: dataDir,
    RATE_LIMIT_CHAT_PER_MINUTE: '10000',
    RATE_LIMIT_SIGNUP_PER_HOUR: '10000',
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    AI_DEMO_WORD_DELAY_MS: '0',
  };
}

const silentLog = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silentLog, level: 'silent' } as unknown as FastifyBaseLogger;

/** The model the app would use, or a clear error when there is none. */
export async function resolveEvalModel(env: Record<string, string | undefined>, dataDir: string): Promise<{ config: Config; judgeModelId: string }> {
  let config: Config;
  try {
    config = configFrom(appVars(env, dataDir));
  } catch (err) {
    if (err instanceof ConfigError) throw new EvalConfigError(err.message);
    throw err;
  }
  const ai = await resolveLocalModel(config.ai, silentLog);
  if (ai.provider === 'demo') {
    throw new EvalConfigError(
      'npm run eval needs a real model, and none is configured: the offline demo advisor is not one. Set AI_PROVIDER and AI_MODEL with its key (OPENAI_API_KEY, ANTHROPIC_API_KEY, or AI_BASE_URL and AI_API_KEY for an OpenAI-compatible server), or run a local model server at AI_LOCAL_URL. EVAL_JUDGE_MODEL picks the judge (default: the same model).',
    );
  }
  return { config: { ...config, ai: { ...ai, localCandidate: null } }, judgeModelId: env.EVAL_JUDGE_MODEL?.trim() || ai.model };
}

/** Runs `work` over `items` with at most `limit` at once, in order of the results. */
export async function pool<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** The product's answers: the real app (in-process, on its own database) asked through its API, as a user would. */
async function productAnswers(app: FastifyInstance, config: Config, db: Db, question: EvalQuestion, timeoutMs: number): Promise<string[]> {
  const { user, cookie } = await signUpUser(app, config);
  // Premium: every executive, no daily limit in the way of a run.
  await setPlan(db, user.id, 'vip');
  const session = await createChatSession(app, cookie, { executiveRole: question.executiveRole, industry: question.industry, userRole: question.userRole });
  let documentId: string | null = null;
  if (question.document) {
    const { step, response } = await uploadDocument(app, cookie, session.id, { name: question.document.name, type: 'text/csv', body: Buffer.from(question.document.csv) }, { executiveRole: question.executiveRole, industry: question.industry });
    if (step !== 'process' || response.statusCode !== 201) throw new Error(`the document could not be attached (${step}: ${response.statusCode} ${response.body})`);
    documentId = (response.json() as { document: DocumentDto }).document.id;
    await waitFor(
      async () => {
        const { document } = (await inject(app, { method: 'GET', url: `/api/documents/${documentId}`, cookie })).json() as { document: DocumentDto };
        return document.status === 'processing' ? undefined : document;
      },
      `document ${question.document.name} to be read`,
      timeoutMs,
    );
  }
  const answers: string[] = [];
  for (const [index, turn] of question.turns.entries()) {
    const sent = await sendChatMessage(app, cookie, session.id, turn, index === 0 && documentId ? { documentIds: [documentId] } : {});
    if (sent.statusCode !== 201) throw new Error(`the product refused turn ${index + 1}: ${sent.statusCode} ${sent.body}`);
    const reply: ChatMessageDto = await waitForMessage(app, cookie, session.id, (sent.json() as { assistantMessage: ChatMessageDto }).assistantMessage.id, undefined, timeoutMs);
    if (reply.status !== 'complete') throw new Error(`the product's reply to turn ${index + 1} ended ${reply.status}${reply.error ? `: ${reply.error}` : ''}`);
    answers.push(reply.content);
  }
  return answers;
}

/** What a user of a plain assistant would send: the sheet pasted before the question. */
function plainTurn(question: EvalQuestion, index: number): string {
  const turn = question.turns[index]!;
  return index === 0 && question.document ? `Here is my file ${question.document.name}:\n\n${question.document.csv}\n\n${turn}` : turn;
}

/** The baseline's answers: the same model, "You are a helpful assistant.", the same turns, its own earlier answers. */
async function plainAnswers(model: LanguageModel, config: Config, question: EvalQuestion): Promise<{ answers: string[]; request: { system: string; messages: ModelMessage[] } }> {
  const messages: ModelMessage[] = [];
  const answers: string[] = [];
  let request = { system: PLAIN_SYSTEM, messages: [] as ModelMessage[] };
  for (const index of question.turns.keys()) {
    messages.push({ role: 'user', content: plainTurn(question, index) });
    request = { system: PLAIN_SYSTEM, messages: [...messages] };
    let failure: unknown;
    const result = streamText({ model, system: PLAIN_SYSTEM, messages: [...messages], maxOutputTokens: config.ai.maxOutputTokens, maxRetries: config.ai.maxRetries, onError: ({ error }) => (failure ??= error) });
    let text = '';
    try {
      text = await result.text;
    } catch (err) {
      failure ??= err;
    }
    if (failure || !text.trim()) throw new Error(`the plain baseline failed on turn ${index + 1}: ${failure instanceof Error ? `${failure.message}${failure.cause instanceof Error ? ` (${failure.cause.message})` : ''}` : 'no text'}`);
    messages.push({ role: 'assistant', content: text });
    answers.push(text);
  }
  return { answers, request };
}

/** The conversation the judge reads before the two answers: the user's turns (and the sheet), never either side's earlier answers. */
function judgedHistory(question: EvalQuestion): string {
  return question.turns
    .map((turn, index) => {
      const last = index === question.turns.length - 1;
      const sheet = index === 0 && question.document ? `[attached ${question.document.name}]\n${question.document.csv}\n` : '';
      return `User${last ? ' (the message both answers reply to)' : ''}: ${sheet}${turn}${last ? '' : '\nAssistant: (each assistant answered this in its own way; not shown)'}`;
    })
    .join('\n\n');
}

function fromVerdict(verdict: Verdict, productWas: 'A' | 'B'): Pick<CaseResult, 'product' | 'plain' | 'winner' | 'held'> {
  const plainWas = productWas === 'A' ? 'B' : 'A';
  const of = (side: 'A' | 'B') => (side === 'A' ? verdict.answerA : verdict.answerB);
  return {
    product: of(productWas),
    plain: of(plainWas),
    winner: verdict.winner === 'tie' ? 'tie' : verdict.winner === productWas ? 'product' : 'plain',
    held: verdict.heldPosition ? { product: productWas === 'A' ? verdict.heldPosition.answerA : verdict.heldPosition.answerB, plain: plainWas === 'A' ? verdict.heldPosition.answerA : verdict.heldPosition.answerB } : null,
  };
}

/**
 * `npm run eval` (issue 31, point 7): every case asked of the product (the real app, in-process,
 * through its API, so the request is the one users' questions make) and of the same model with a
 * plain prompt; the judge scores both last answers blind, in random order; the run is summarised
 * and its transcripts written to `outDir`.
 */
export async function runEval(options: EvalOptions): Promise<{ summary: EvalSummary; cases: CaseResult[]; outDir: string }> {
  const log = options.log ?? (() => {});
  const random = options.random ?? Math.random;
  const timeoutMs = options.replyTimeoutMs ?? 180_000;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'corner-office-eval-'));
  try {
    const { config, judgeModelId } = await resolveEvalModel(options.env, dataDir);
    const plainModel = createLanguageModel(config.ai);
    const judgeModel = createLanguageModel({ ...config.ai, model: judgeModelId });
    log(`eval: ${options.questions.length} cases on ${config.ai.provider} ${config.ai.model}, judged by ${judgeModelId}, ${options.concurrency} at once`);
    const database = await openTestDatabase();
    const app = await buildApp({ config, database, logger: false, clientDir: '/nonexistent-client-dir' });
    await app.ready();
    try {
      // Which answer the judge reads first, drawn per case before any runs (so a seeded draw maps to cases, whatever finishes first).
      const orders = options.questions.map((): 'A' | 'B' => (random() < 0.5 ? 'A' : 'B'));
      const cases = await pool(options.questions, options.concurrency, async (question, index): Promise<CaseResult> => {
        const base: CaseResult = {
          id: question.id,
          kind: question.kind,
          executiveRole: question.executiveRole,
          industry: question.industry,
          userRole: question.userRole,
          turns: question.turns,
          document: question.document ?? null,
          productAnswers: [],
          plainAnswers: [],
          plainRequest: null,
          productWas: null,
          verdict: null,
          product: null,
          plain: null,
          winner: null,
          held: null,
          error: null,
        };
        try {
          const [product, plain] = await Promise.all([productAnswers(app, config, database.db, question, timeoutMs), plainAnswers(plainModel, config, question)]);
          Object.assign(base, { productAnswers: product, plainAnswers: plain.answers, plainRequest: plain.request });
          const productWas = orders[index]!;
          const [answerA, answerB] = productWas === 'A' ? [product.at(-1)!, plain.answers.at(-1)!] : [plain.answers.at(-1)!, product.at(-1)!];
          const verdict = await judge(judgeModel, { question, history: judgedHistory(question), answerA, answerB }, { maxRetries: config.ai.maxRetries });
          Object.assign(base, { productWas, verdict, ...fromVerdict(verdict, productWas) });
          log(`  ${question.id}: ${base.winner === 'tie' ? 'tie' : `${base.winner} wins`}`);
        } catch (err) {
          base.error = err instanceof Error ? err.message : String(err);
          log(`  ${question.id}: failed (${base.error})`);
        }
        return base;
      });
      const summary = summarise(cases, { provider: config.ai.provider, model: config.ai.model, judgeModel: judgeModelId });
      mkdirSync(options.outDir, { recursive: true });
      writeFileSync(path.join(options.outDir, 'results.json'), `${JSON.stringify({ summary, cases }, null, 2)}\n`);
      writeFileSync(path.join(options.outDir, 'transcript.md'), renderMarkdown(summary, cases));
      return { summary, cases, outDir: options.outDir };
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export { DIMENSIONS, type Dimension };
