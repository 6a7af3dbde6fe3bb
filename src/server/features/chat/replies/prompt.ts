import { labelOtherAnswers } from '#server/ai/prompts/advice.ts';
import { titleOf } from '#server/ai/prompts/second-opinion.ts';
import type { ModelMessage } from 'ai';
import { demoProviderOptions } from '#server/ai/demo/demo-model.ts';
import { buildSystemPrompt } from '#server/ai/personas/compose.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import { messagesBefore } from '../messages.queries.ts';
import { buildConversation, estimateMessageTokens, estimateTokens, latestQuestion, mergeAdjacentTurns } from './conversation-context.ts';

/** How far back the history of a reply is read; the token budget usually cuts earlier. */
export const HISTORY_LIMIT = 200;

/** One reply to write: who asks, in which context, and what was counted for it. */
export interface ReplyJob {
  /** The assistant message the reply is written into (status 'streaming'). */
  messageId: string;
  sessionId: string;
  userId: string;
  executiveRole: string;
  industry: string;
  userRole: string;
  /** The UTC day a free interaction was counted on, to give it back if the provider fails; null for Premium. */
  chargedDay: string | null;
  /**
   * The conversation before the reply, newest first, at most HISTORY_LIMIT messages, when the
   * admission already read it (in its transaction); otherwise the engine reads it.
   */
  history?: ChatMessage[];
  /** Set when the user asked for the reply again (Regenerate): it asks the model for a different take. */
  take?: number;
}

/** What a context provider is given: the job and the conversation it answers (newest first; the question is the first user message). */
export interface ContextRequest {
  job: ReplyJob;
  history: readonly ChatMessage[];
  /** Aborted when the reply is stopped or the server closes. */
  signal: AbortSignal;
}

/** What a context provider adds to a reply's prompt. */
export interface ReplyContext {
  /** Appended to the system prompt, after the persona (e.g. "Documents the user attached: ..."). */
  system?: string;
  /** Placed before the conversation, oldest first (e.g. a document's text as a user turn). */
  messages?: ModelMessage[];
  /** One line for the log (e.g. "read 2 documents, 14k tokens"). */
  note?: string;
}

/**
 * A step between loading the history and calling the model, run for every reply, in order: how
 * the documents feature gives a reply the text of the documents it reads, without touching the
 * engine. Answers null to add nothing. Its tokens come out of the history's budget. A provider
 * that throws fails the reply (the provider's error is not shown to the user).
 */
export type ContextProvider = (request: ContextRequest) => Promise<ReplyContext | null>;

export interface ReplyPrompt {
  system: string;
  messages: ModelMessage[];
  /** The history the prompt was built from, newest first. */
  history: ChatMessage[];
  providerOptions: ReturnType<typeof demoProviderOptions>;
  /** The providers' notes, for the log. */
  notes: string[];
}

export interface PromptDeps {
  db: Db;
  config: Pick<Config, 'appName' | 'ai'>;
  contextProviders: readonly ContextProvider[];
}

/** The conversation before the reply, newest first: from the job when the admission read it, else from the database. */
export async function loadHistory(db: Db, job: ReplyJob): Promise<ChatMessage[]> {
  return job.history ?? messagesBefore(db, { id: job.messageId, sessionId: job.sessionId }, HISTORY_LIMIT);
}

/** Runs the context providers in order; none means no work (and no wait) at all. */
async function gatherContext(providers: readonly ContextProvider[], request: ContextRequest): Promise<ReplyContext[]> {
  const contexts: ReplyContext[] = [];
  for (const provider of providers) {
    const context = await provider(request);
    if (context) contexts.push(context);
  }
  return contexts;
}

/** Regenerate (issue 14, point 4): the user saw an answer to this question and asked for another one. */
export const REGENERATE_INSTRUCTION =
  'The user asked you to answer their latest question again. Give a different take from a typical first answer: another angle, structure or recommendation, still in character and just as concrete.';

/** History, then context providers, then the prompt: the persona's system prompt and as much conversation as the token budget holds. */
export async function buildReplyPrompt(deps: PromptDeps, job: ReplyJob, signal: AbortSignal): Promise<ReplyPrompt> {
  const history = await loadHistory(deps.db, job);
  const contexts = deps.contextProviders.length > 0 ? await gatherContext(deps.contextProviders, { job, history, signal }) : [];
  const persona = buildSystemPrompt({ executiveRole: job.executiveRole, industry: job.industry, userRole: job.userRole, appName: deps.config.appName });
  const system = [persona, ...contexts.flatMap((c) => (c.system ? [c.system] : [])), ...(job.take ? [REGENERATE_INSTRUCTION] : [])].join('\n\n');
  const added = contexts.flatMap((c) => c.messages ?? []);
  const budget = deps.config.ai.contextTokens - estimateTokens(system) - added.reduce((sum, m) => sum + estimateMessageTokens(m), 0);
  // Every earlier answer another executive wrote carries its author (issue 31, point 3).
  const labelled = labelOtherAnswers(history, job.executiveRole, titleOf);
  const conversation = buildConversation(labelled, budget);
  return {
    system,
    messages: added.length > 0 ? mergeAdjacentTurns([...added, ...conversation]) : conversation,
    history,
    providerOptions: demoProviderOptions({
      task: 'reply',
      executiveRole: job.executiveRole,
      industry: job.industry,
      userRole: job.userRole,
      question: latestQuestion(history),
      ...(job.take ? { take: job.take } : {}),
    }),
    notes: contexts.flatMap((c) => (c.note ? [c.note] : [])),
  };
}
