import type { LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { replyErrors } from '#contract/chat.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import { refundInteraction, type AccountDeps } from '#server/features/account/index.ts';
import { inBackground } from '#server/db/work-priority.ts';
import { accountOwner } from '#server/db/ownership.ts';
import type { EventHub } from '#server/streams/event-hub.ts';
import type { RunKind, RunRegistry } from '#server/runs/run-registry.ts';
import { failStreamingReplies, ownersOfSessions, saveReplyProgress, saveReplyTools, touchReplies } from '../replies.queries.ts';
import { MAX_TOOL_STEPS, type AdvisorToolbox, type TurnIdentity } from '#server/ai/tools/index.ts';
import { settleToolActivity, trackToolActivity } from '#server/ai/tools/activity.ts';
import { toolsUnsupported } from '#server/ai/provider-errors.ts';
import type { ToolActivity } from '#contract/tools.ts';
import { titleAfterReply } from './auto-title.ts';
import { finishReply } from './finish.ts';
import { abortKind, TurnAbort } from '#server/ai/turn-outcome.ts';
import { streamTurn, type TurnResult } from '#server/ai/turn.ts';
import { buildSystemPrompt } from '#server/ai/personas/compose.ts';
import { comparisonHeading, comparisonPrompt } from '#server/ai/prompts/second-opinion.ts';
import { demoProviderOptions } from '#server/ai/demo/demo-model.ts';
import { buildReplyPrompt, type ContextProvider, type PromptDeps, type ReplyJob, type ReplyPrompt } from './prompt.ts';
import { ReplyStreamView, type ReplyEventSink } from './reply-view.ts';
import type { TurnStreamEvent } from '#server/runs/stream-events.ts';
import { createThrottledSaver } from '#server/runs/throttled-saver.ts';

export interface ReplyEngineDeps extends AccountDeps {
  db: Db;
  config: Config;
  model: LanguageModel;
  hub: EventHub<TurnStreamEvent>;
  log: FastifyBaseLogger;
  /** Steps that add to a reply's prompt (documents); run in order for every reply. */
  contextProviders: readonly ContextProvider[];
  /** Told how each reply ended (the metrics count outcomes and tokens). */
  observer?: ReplyObserver;
  /** The tools a reply may call (decision 070); none: every reply on the plain text path. */
  toolbox?: AdvisorToolbox;
  /**
   * Steps run in the background after a reply completes, never before its end (company memory proposes
   * facts, decision 073): given the job, the history it answered (newest first) and the reply's text.
   * Each must not throw (a failure is logged).
   */
  afterReply?: readonly AfterReply[];
  /** The conversation's note for the prompt (decision 083), loaded alongside the context providers. */
  loadNote?: PromptDeps['loadNote'];
}

/** `context.historyBudget`: the tokens the reply's conversation had (the conversation's note reckons its window with it, decision 083). */
export type AfterReply = (job: ReplyJob, history: readonly ChatMessage[], reply: string, context?: { historyBudget: number }) => Promise<void>;

export interface ReplyObserver {
  replyFinished(status: 'complete' | 'stopped' | 'failed', usage: { inputTokens?: number; outputTokens?: number } | undefined): void;
  /**
   * A reader of a reply being written went live on the event hub, or had to read the database
   * every half second because no hub reaches the instance writing it (several instances without Redis).
   */
  streamFollowed?(source: 'hub' | 'database'): void;
}

/** A reply's reader: an SSE connection (text offsets as ids), ended once when the follower ends. */
export type ReplySink = ReplyEventSink & { end(): void };

/** The replies of this instance: start, stop, follow, recover; the runs plugin owns its timers and shutdown. */
export type ReplyEngine = RunRegistry<ReplyJob, number | null, ReplySink>;

/**
 * Replies as one kind of run (src/server/runs, decision 069): written in the background,
 * independent of any HTTP request, one model call per reply, publishing to the event hub and
 * saving progress to the database; followed with text offsets as event ids (the chat client's).
 */
export function replyRunKind(deps: ReplyEngineDeps): RunKind<ReplyJob, number | null, ReplySink> {
  return {
    name: 'reply',
    execute: (job, controller, followUp) => runReply(deps, job, controller, followUp),
    recover: (options) => recoverReplies(deps, options),
    heartbeat: (ids) => inBackground(() => touchReplies(deps.db, ids)),
    view: (id, resumeFrom, sink) => new ReplyStreamView(deps.db, id, resumeFrom, sink),
    onFollow: (source) => deps.observer?.streamFollowed?.(source),
  };
}

/**
 * Replies left 'streaming' by a runner that is gone fail as interrupted, keeping their text. With
 * `silentForMs`, only those whose runner has been silent that long: where other instances share
 * the database, a 'streaming' reply may be theirs and alive.
 */
async function recoverReplies(deps: ReplyEngineDeps, options: { silentForMs?: number }): Promise<number> {
  const failed = await failStreamingReplies(deps.db, replyErrors.interrupted, options.silentForMs);
  if (failed.length > 0) deps.log.info({ count: failed.length }, 'marked interrupted replies as failed');
  // Readers following one live on a shared hub (Redis: another instance) learn that it ended.
  for (const reply of failed) {
    deps.hub.end(reply.id, { type: 'turn-end', turn: reply.id, final: { type: 'error', message: replyErrors.interrupted, content: reply.content } });
  }
  // An interrupted reply gives its free interaction back, as a reply that fails while running does
  // (only on the day it was counted: yesterday's counter is gone already).
  const charged = failed.filter((reply) => reply.chargedDay !== null);
  const owners = await ownersOfSessions(deps.db, [...new Set(charged.map((reply) => reply.sessionId))]);
  for (const reply of charged) {
    const userId = owners.get(reply.sessionId);
    if (userId) await refundInteraction(deps, userId, reply.chargedDay!).catch((err: unknown) => deps.log.warn({ err }, 'could not give back an interaction'));
  }
  return failed.length;
}

/** One reply: prompt, model call (published and saved as it streams), end, title. */
async function runReply(deps: ReplyEngineDeps, job: ReplyJob, controller: AbortController, followUp: (work: () => Promise<unknown>) => void): Promise<void> {
  const saver = createThrottledSaver({
    save: (text) => saveReplyProgress(deps.db, job.messageId, text),
    onGone: () => {
      if (!controller.signal.aborted) controller.abort(new TurnAbort('stopped-elsewhere'));
    },
    onError: (err) => deps.log.warn({ err, messageId: job.messageId }, 'could not save reply progress'),
  });
  let prompt: ReplyPrompt | undefined;
  let run: TurnResult;
  // Tool calls are saved (so a reader who comes later sees them) and streamed as they start and end.
  let toolSaves: Promise<void> = Promise.resolve();
  const activity = trackToolActivity((tools) => {
    deps.hub.publish(job.messageId, { type: 'tools', turn: job.messageId, tools });
    toolSaves = toolSaves.then(() => saveReplyTools(deps.db, job.messageId, tools)).catch((err: unknown) => deps.log.warn({ err, messageId: job.messageId }, 'could not save reply tools'));
  });
  try {
    prompt = await buildReplyPrompt(deps, job, controller.signal);
    if (prompt.notes.length > 0) deps.log.info({ messageId: job.messageId, notes: prompt.notes }, 'reply context');
    // read_document acts for the reply's owner, in this conversation, when its messages name documents or the account pinned some (found by the memory block's query).
    const identity: TurnIdentity = {
      owner: accountOwner(job.userId),
      sessionId: job.sessionId,
      premium: job.premium ?? false,
      hasDocuments: prompt.history.some((message) => message.role === 'user' && message.documentIds.length > 0),
      pinnedDocumentIds: prompt.pinnedDocumentIds,
    };
    const turn = (withTools: boolean) =>
      streamTurn({
        model: deps.model,
        system: prompt!.system,
        messages: prompt!.messages,
        maxOutputTokens: deps.config.ai.maxOutputTokens,
        maxRetries: deps.config.ai.maxRetries,
        stallTimeoutMs: deps.config.ai.stallTimeoutMs,
        providerOptions: prompt!.providerOptions,
        controller,
        onText: (delta, text) => {
          deps.hub.publish(job.messageId, { type: 'delta', turn: job.messageId, text: delta, offset: text.length });
          saver.update(text);
        },
        ...(withTools && deps.toolbox?.enabled ? { tools: deps.toolbox.forTurn(identity), maxSteps: MAX_TOOL_STEPS, onToolEvent: (event) => activity.apply(event) } : {}),
      });
    run = await turn(true);
    // A model or server that cannot call tools answers on the plain path instead, never with an error.
    if (!run.text && activity.tools.length === 0 && !controller.signal.aborted && toolsUnsupported(run.error)) {
      deps.log.info({ messageId: job.messageId, model: deps.config.ai.model }, 'the model does not support tools: answering without them');
      run = await turn(false);
    }
  } catch (err) {
    // Before the model call: the history could not be read, or a context provider failed.
    run = { text: '', finished: false, error: err, usage: undefined };
  }
  if (activity.tools.some((tool) => tool.status === 'running')) {
    const settled: ToolActivity[] = settleToolActivity(activity.tools);
    toolSaves = toolSaves.then(() => saveReplyTools(deps.db, job.messageId, settled)).catch(() => undefined);
    deps.hub.publish(job.messageId, { type: 'tools', turn: job.messageId, tools: settled });
  }
  await toolSaves;
  let abort = abortKind(controller.signal);
  if (job.secondOpinionOf && prompt && run.finished && !run.error && run.text && abort === null) {
    ({ run, abort } = await compareOpinions(deps, job, job.secondOpinionOf, run, controller, saver, prompt.noteBlock));
  }
  await saver.settle();
  const outcome = await finishReply(deps, job, run, abort);
  if (outcome.status !== 'streaming') deps.observer?.replyFinished(outcome.status, outcome.status === 'complete' ? run.usage : undefined);
  // A title is background work: the next request's statements go first (work-priority.ts).
  if (outcome.status === 'complete' && prompt) followUp(() => inBackground(() => titleAfterReply(deps, job, prompt.history, run.text)));
  if (outcome.status === 'complete' && prompt) {
    for (const step of deps.afterReply ?? []) {
      followUp(() => inBackground(() => step(job, prompt.history, run.text, { historyBudget: prompt.historyBudget }).catch((err: unknown) => deps.log.warn({ err, messageId: job.messageId }, 'a step after the reply failed'))));
    }
  }
}

/**
 * A second opinion's second step (issue 31, point 3; decision 078): the independent view is written
 * (`first`); one more call, given the question and both answers fenced and labelled with their
 * authors, says where they agree and disagree. Its text streams on as the same reply, under a
 * heading the server writes. When it fails for any reason but the user's Stop or a shutdown, the
 * reply ends as the independent view alone: the comparison is an addition, never the reason a
 * complete answer fails.
 */
async function compareOpinions(
  deps: ReplyEngineDeps,
  job: ReplyJob,
  seconded: NonNullable<ReplyJob['secondOpinionOf']>,
  first: TurnResult,
  controller: AbortController,
  saver: { update(text: string): void },
  noteBlock: string,
): Promise<{ run: TurnResult; abort: ReturnType<typeof abortKind> }> {
  const prefix = `${first.text}\n\n${comparisonHeading(seconded.executiveRole)}\n\n`;
  let opened = false;
  const compared = await streamTurn({
    model: deps.model,
    // The conversation's note is pinned here too (decision 083): the comparison weighs both answers against the user's facts.
    system: [buildSystemPrompt({ executiveRole: job.executiveRole, industry: job.industry, userRole: job.userRole, appName: deps.config.appName }), ...(noteBlock ? [noteBlock] : [])].join('\n\n'),
    messages: [{ role: 'user', content: comparisonPrompt({ question: seconded.question, firstExecutiveRole: seconded.executiveRole, firstAnswer: seconded.answer, executiveRole: job.executiveRole, ownAnswer: first.text }) }],
    maxOutputTokens: Math.min(deps.config.ai.maxOutputTokens, 600),
    maxRetries: deps.config.ai.maxRetries,
    stallTimeoutMs: deps.config.ai.stallTimeoutMs,
    providerOptions: demoProviderOptions({ task: 'compare', executiveRole: job.executiveRole, firstExecutiveRole: seconded.executiveRole }),
    controller,
    onText: (delta, text) => {
      // The heading goes out with the comparison's first words, so a comparison that never starts leaves none.
      const sent = opened ? delta : `${prefix.slice(first.text.length)}${delta}`;
      opened = true;
      deps.hub.publish(job.messageId, { type: 'delta', turn: job.messageId, text: sent, offset: prefix.length + text.length });
      saver.update(prefix + text);
    },
  });
  const abort = abortKind(controller.signal);
  const usage = { inputTokens: sum(first.usage?.inputTokens, compared.usage?.inputTokens), outputTokens: sum(first.usage?.outputTokens, compared.usage?.outputTokens) };
  if (abort === 'stop' || abort === 'stopped-elsewhere' || abort === 'shutdown') return { run: { ...compared, text: opened ? prefix + compared.text : first.text, usage }, abort };
  if (!compared.finished || compared.error || !compared.text.trim()) {
    deps.log.warn({ messageId: job.messageId, abort, provider: deps.config.ai.provider }, 'the second opinion\'s comparison failed: the reply keeps the independent view alone');
    saver.update(first.text);
    return { run: first, abort: null };
  }
  return { run: { ...compared, text: prefix + compared.text, usage }, abort: null };
}

function sum(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);
}
