import { streamText, type LanguageModel, type LanguageModelUsage } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { replyErrors } from '#contract/chat.ts';
import { shouldGenerateTitle } from '#contract/limits.ts';
import { demoProviderOptions } from '#server/ai/demo-model.ts';
import { buildSystemPrompt } from '#server/ai/personas/compose.ts';
import { describeProviderError, logSummary } from '#server/ai/provider-errors.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import * as queries from './chat.queries.ts';
import { buildConversation, estimateTokens, latestQuestion } from './conversation-context.ts';
import type { FinalReplyEvent, StreamHub } from './stream-hub.ts';
import { generateSessionTitle, TITLE_SOURCE_MESSAGES, type TitleSourceMessage } from './titles.ts';

/** The reply text is saved at most this often while it streams (and once at the end). */
export const FLUSH_INTERVAL_MS = 250;
/** How far back the history is read; the token budget usually cuts earlier. */
export const HISTORY_LIMIT = 200;

export interface RunnerDeps {
  db: Db;
  config: Config;
  model: LanguageModel;
  hub: StreamHub;
  log: FastifyBaseLogger;
  /** Signed-in users are cached per instance for a moment; a change to their row must drop that copy. */
  sessionCache: { invalidateUser(userId: string): void };
}

export interface ReplyJob {
  messageId: string;
  sessionId: string;
  userId: string;
  executiveRole: string;
  industry: string;
  userRole: string;
  /** The UTC day a free interaction was counted on, to give it back if the provider fails; null for Premium. */
  chargedDay: string | null;
  /**
   * The conversation before the reply, newest first, at most HISTORY_LIMIT messages, when the send
   * already read it (in its transaction); otherwise the runner reads it.
   */
  history?: ChatMessage[];
}

/** Why a runner was aborted; anything else that ends a reply early is the provider's doing. */
class RunnerAbort {
  constructor(readonly kind: 'stop' | 'stall' | 'shutdown' | 'stopped-elsewhere') {}
}

interface Running {
  job: ReplyJob;
  controller: AbortController;
  done: Promise<void>;
}

type Outcome = Pick<ChatMessage, 'status' | 'error'> & { refund: boolean };

/**
 * Writes assistant replies in the background, independent of any HTTP request: one runner per
 * reply, stoppable, publishing deltas to the hub and saving progress to the database.
 */
export class ReplyRunners {
  private readonly running = new Map<string, Running>();
  private readonly background = new Set<Promise<unknown>>();
  private closing = false;

  constructor(private readonly deps: RunnerDeps) {}

  isRunning(messageId: string): boolean {
    return this.running.has(messageId);
  }

  /** Who a reply being written here belongs to (known from the send that started it), without a query. */
  ownerOf(messageId: string): { userId: string; sessionId: string } | undefined {
    const job = this.running.get(messageId)?.job;
    return job && { userId: job.userId, sessionId: job.sessionId };
  }

  /** Starts a reply; returns at once. The hub knows the reply is live before this returns. */
  start(job: ReplyJob): void {
    const controller = new AbortController();
    if (this.closing) controller.abort(new RunnerAbort('shutdown'));
    this.deps.hub.open(job.messageId);
    const done = this.run(job, controller)
      .catch((err: unknown) => this.deps.log.error({ err, messageId: job.messageId }, 'reply runner crashed'))
      .finally(() => this.running.delete(job.messageId));
    this.running.set(job.messageId, { job, controller, done });
  }

  /** Stops a reply written by this instance and waits until its final state is saved; false when it is not running here. */
  async stop(messageId: string): Promise<boolean> {
    const running = this.running.get(messageId);
    if (!running) return false;
    running.controller.abort(new RunnerAbort('stop'));
    await running.done;
    return true;
  }

  /** Keeps track of fire-and-forget work (title generation) so close() can wait for it. */
  track(task: Promise<unknown>): void {
    const tracked = task.finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }

  /** Shutdown: every running reply ends 'failed' (interrupted) with its text saved; waits for all of it. */
  async close(): Promise<void> {
    this.closing = true;
    for (const running of this.running.values()) running.controller.abort(new RunnerAbort('shutdown'));
    await Promise.allSettled([...[...this.running.values()].map((r) => r.done), ...this.background]);
  }

  private async run(job: ReplyJob, controller: AbortController): Promise<void> {
    const { db, config, hub, log } = this.deps;
    const signal = controller.signal;
    let text = '';
    let saved = 0;
    let lastSaveAt = Date.now();
    let saveTimer: NodeJS.Timeout | undefined;
    let saving: Promise<void> = Promise.resolve();

    const saveNow = async () => {
      if (text.length === saved) return;
      const snapshot = text;
      lastSaveAt = Date.now();
      try {
        const stillStreaming = await queries.saveReplyProgress(db, job.messageId, snapshot);
        saved = snapshot.length;
        if (!stillStreaming && !signal.aborted) controller.abort(new RunnerAbort('stopped-elsewhere'));
      } catch (err) {
        log.warn({ err, messageId: job.messageId }, 'could not save reply progress');
      }
    };
    const scheduleSave = () => {
      if (saveTimer) return;
      saveTimer = setTimeout(
        () => {
          saveTimer = undefined;
          saving = saving.then(saveNow);
        },
        Math.max(0, lastSaveAt + FLUSH_INTERVAL_MS - Date.now()),
      );
    };

    // A reply that produces nothing for stallTimeoutMs (before the first token too) is given up.
    let stallTimer: NodeJS.Timeout | undefined;
    const armStallTimer = () => {
      // refresh() restarts the same timer: cheaper than a new one for every token.
      if (stallTimer) stallTimer.refresh();
      else stallTimer = setTimeout(() => controller.abort(new RunnerAbort('stall')), config.ai.stallTimeoutMs);
    };

    let streamError: unknown;
    let finished = false;
    let usage: LanguageModelUsage | undefined;
    let history: ChatMessage[] = [];
    try {
      history = job.history ?? (await queries.messagesBefore(db, { id: job.messageId, sessionId: job.sessionId }, HISTORY_LIMIT));
      const system = buildSystemPrompt({ executiveRole: job.executiveRole, industry: job.industry, userRole: job.userRole, appName: config.appName });
      const messages = buildConversation(history, config.ai.contextTokens - estimateTokens(system));
      armStallTimer();
      const result = streamText({
        model: this.deps.model,
        instructions: system,
        messages,
        maxOutputTokens: config.ai.maxOutputTokens,
        // The AI SDK retries a 429 or 5xx answer to the request itself, which comes before any token.
        maxRetries: config.ai.maxRetries,
        abortSignal: signal,
        providerOptions: demoProviderOptions({
          task: 'reply',
          executiveRole: job.executiveRole,
          industry: job.industry,
          userRole: job.userRole,
          question: latestQuestion(history),
        }),
        // Errors arrive as 'error' parts below; the default handler would print them with console.error.
        onError: () => {},
      });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta' && part.text) {
          text += part.text;
          hub.append(job.messageId, part.text);
          armStallTimer();
          scheduleSave();
        } else if (part.type === 'reasoning-delta') {
          armStallTimer();
        } else if (part.type === 'error') {
          streamError ??= part.error;
        } else if (part.type === 'finish') {
          finished = true;
          usage = part.totalUsage;
        }
      }
    } catch (err) {
      streamError ??= err;
    } finally {
      clearTimeout(stallTimer);
      clearTimeout(saveTimer);
      await saving;
    }

    const outcome = this.outcomeOf({ signal, finished, streamError, text });
    if (outcome.status === 'failed' && streamError && !(signal.reason instanceof RunnerAbort)) {
      log.warn({ messageId: job.messageId, provider: config.ai.provider, error: logSummary(streamError) }, 'AI provider failed a reply');
    }
    const complete = outcome.status === 'complete';
    const values = {
      content: text,
      status: outcome.status,
      error: outcome.error,
      model: config.ai.model,
      promptTokens: complete ? (usage?.inputTokens ?? null) : null,
      completionTokens: complete ? (usage?.outputTokens ?? null) : null,
    };
    const stoppedElsewhere = signal.reason instanceof RunnerAbort && signal.reason.kind === 'stopped-elsewhere';
    try {
      await queries.finishReply(db, job.messageId, stoppedElsewhere ? 'stopped' : 'streaming', values);
    } catch (err) {
      // Still tell the open streams how it ended; start-up recovery settles the row if it stays 'streaming'.
      log.error({ err, messageId: job.messageId }, 'could not save the end of a reply');
    }

    const final: FinalReplyEvent =
      outcome.status === 'failed'
        ? { type: 'error', message: outcome.error ?? replyErrors.unavailable, content: text }
        : { type: 'done', status: complete ? 'complete' : 'stopped', content: text, usage: { promptTokens: values.promptTokens, completionTokens: values.completionTokens } };
    hub.finish(job.messageId, final);

    if (outcome.refund && job.chargedDay) {
      await queries
        .refundInteraction(db, job.userId, job.chargedDay)
        .then(() => this.deps.sessionCache.invalidateUser(job.userId))
        .catch((err: unknown) => log.warn({ err }, 'could not give back an interaction'));
    }
    if (complete && !this.closing) this.track(this.autoTitle(job, job.history && history.length < HISTORY_LIMIT ? { history, reply: text } : null));
  }

  private outcomeOf(r: { signal: AbortSignal; finished: boolean; streamError: unknown; text: string }): Outcome {
    if (r.finished && !r.streamError) {
      return r.text ? { status: 'complete', error: null, refund: false } : { status: 'failed', error: replyErrors.empty, refund: true };
    }
    const reason: unknown = r.signal.reason;
    if (r.signal.aborted && reason instanceof RunnerAbort) {
      if (reason.kind === 'stop' || reason.kind === 'stopped-elsewhere') return { status: 'stopped', error: null, refund: false };
      if (reason.kind === 'stall') return { status: 'failed', error: replyErrors.stalled, refund: true };
      return { status: 'failed', error: replyErrors.interrupted, refund: true };
    }
    return { status: 'failed', error: describeProviderError(r.streamError, { hadText: r.text.length > 0 }), refund: true };
  }

  /**
   * Titles follow the conversation: at 2 messages and every third one after (spec section 4).
   * When the send gave the runner the whole conversation before its reply (`known`: the reply is
   * then the newest message), the count and the opening come from it, so no query runs after a
   * reply unless a title is due.
   */
  private async autoTitle(job: ReplyJob, known: { history: ChatMessage[]; reply: string } | null): Promise<void> {
    try {
      if (!known) {
        const count = await queries.countConversationMessages(this.deps.db, job.sessionId);
        if (shouldGenerateTitle(count)) await generateSessionTitle(this.deps, job.sessionId, job.userId);
        return;
      }
      const conversation: TitleSourceMessage[] = [...known.history.toReversed(), { role: 'assistant', content: known.reply, status: 'complete' }];
      if (!shouldGenerateTitle(conversation.filter((m) => m.role !== 'system').length)) return;
      await generateSessionTitle(this.deps, job.sessionId, job.userId, conversation.slice(0, TITLE_SOURCE_MESSAGES));
    } catch (err) {
      this.deps.log.warn({ err: logSummary(err), sessionId: job.sessionId }, 'automatic title generation failed');
    }
  }
}
