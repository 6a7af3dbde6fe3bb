import { labelOtherAnswers } from '#server/ai/prompts/advice.ts';
import { titleOf } from '#server/ai/prompts/second-opinion.ts';
import type { ModelMessage } from 'ai';
import { demoProviderOptions } from '#server/ai/demo/demo-model.ts';
import { buildSystemPrompt } from '#server/ai/personas/compose.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import { messagesBefore } from '../messages.queries.ts';
import { composeNoteBlock, CUT_RESERVE_TOKENS, type PromptNote } from '../notes/note-prompt.ts';
import { buildConversation, estimateMessageTokens, estimateTokens, latestQuestion, mergeAdjacentTurns, windowSize } from './conversation-context.ts';

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
  /** Whether the caller had Premium when the reply was asked for (company memory's learned facts are Premium, decision 074). */
  premium?: boolean;
  /**
   * The conversation before the reply, newest first, at most HISTORY_LIMIT messages, when the
   * admission already read it (in its transaction); otherwise the engine reads it.
   */
  history?: ChatMessage[];
  /** The conversation's note (null: none), when the admission already read it; otherwise the engine reads it. */
  note?: PromptNote | null;
  /** Set when the user asked for the reply again (Regenerate): it asks the model for a different take. */
  take?: number;
  /**
   * A second opinion (decision 078): the answer it seconds, which the reply's own request never holds.
   * Once the reply's independent view is written, a second call compares the two and its text is
   * appended under a heading of its own.
   */
  secondOpinionOf?: { executiveRole: string | null; question: string; answer: string };
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
  /** Documents outside the conversation the reply's read_document may read: the account's pinned ones (decision 082). */
  pinnedDocumentIds?: readonly string[];
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
  /** The pinned documents a provider found (decision 082): read_document reads them too. */
  pinnedDocumentIds: string[];
  /** The conversation's note block (decision 083) as pinned in `system`; '' when none: a second opinion's comparison pins it too. */
  noteBlock: string;
  /** The tokens the conversation had (the window the note's writer reckons with after the reply). */
  historyBudget: number;
}

export interface PromptDeps {
  db: Db;
  config: Pick<Config, 'appName' | 'ai'>;
  contextProviders: readonly ContextProvider[];
  /** The conversation's note (decision 083), loaded alongside the context providers; absent: none. */
  loadNote?: (job: ReplyJob) => Promise<PromptNote | null>;
}

/** The conversation before the reply, newest first: from the job when the admission read it, else from the database. */
export async function loadHistory(db: Db, job: ReplyJob): Promise<ChatMessage[]> {
  return job.history ?? messagesBefore(db, { id: job.messageId, sessionId: job.sessionId }, HISTORY_LIMIT);
}

/** Runs the context providers at once (one round trip's wait, not one each), keeping their order in the prompt; none means no work (and no wait) at all. */
async function gatherContext(providers: readonly ContextProvider[], request: ContextRequest): Promise<ReplyContext[]> {
  const contexts = await Promise.all(providers.map((provider) => provider(request)));
  return contexts.filter((context): context is ReplyContext => context !== null);
}

/** Regenerate (issue 14, point 4): the user saw an answer to this question and asked for another one. */
export const REGENERATE_INSTRUCTION =
  'The user asked you to answer their latest question again. Give a different take from a typical first answer: another angle, structure or recommendation, still in character and just as concrete.';

/**
 * History, then context providers and the conversation's note (at once), then the prompt: the
 * persona's system prompt, the providers' blocks, the note, and as much conversation as the token
 * budget holds. Turns that do not fit are said to be summarised in the note (decision 083).
 */
export async function buildReplyPrompt(deps: PromptDeps, job: ReplyJob, signal: AbortSignal): Promise<ReplyPrompt> {
  const history = await loadHistory(deps.db, job);
  const [contexts, note] = await Promise.all([
    deps.contextProviders.length > 0 ? gatherContext(deps.contextProviders, { job, history, signal }) : [],
    deps.loadNote ? (job.note !== undefined ? job.note : deps.loadNote(job)) : null,
  ]);
  const persona = buildSystemPrompt({ executiveRole: job.executiveRole, industry: job.industry, userRole: job.userRole, appName: deps.config.appName });
  const base = [persona, ...contexts.flatMap((c) => (c.system ? [c.system] : []))];
  const added = contexts.flatMap((c) => c.messages ?? []);
  // Every earlier answer another executive wrote carries its author (issue 31, point 3).
  const labelled = labelOtherAnswers(history, job.executiveRole, titleOf);
  const pinned = composeNoteBlock({ note, cutNewestFirst: [] });
  const regenerate = job.take ? [REGENERATE_INSTRUCTION] : [];
  const budgetFor = (noteBlock: string) =>
    deps.config.ai.contextTokens - estimateTokens([...base, noteBlock, ...regenerate].join('\n\n')) - added.reduce((sum, m) => sum + estimateMessageTokens(m), 0);
  let historyBudget = budgetFor(pinned);
  let kept = windowSize(labelled, historyBudget);
  if (kept < labelled.length) {
    // Turns are cut: room for the lines that say so (and the user's own words the note does not hold yet).
    historyBudget -= CUT_RESERVE_TOKENS;
    kept = windowSize(labelled, historyBudget);
  }
  const noteBlock = kept < labelled.length ? composeNoteBlock({ note, cutNewestFirst: history.slice(kept) }) : pinned;
  const system = [...base, ...(noteBlock ? [noteBlock] : []), ...regenerate].join('\n\n');
  const conversation = buildConversation(labelled.slice(0, kept), Number.POSITIVE_INFINITY);
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
    pinnedDocumentIds: contexts.flatMap((c) => c.pinnedDocumentIds ?? []),
    noteBlock,
    historyBudget,
  };
}
