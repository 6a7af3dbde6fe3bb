import type { LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { replyErrors } from '#contract/chat.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { refundInteraction, type AccountDeps } from '#server/features/account/index.ts';
import { inBackground } from '#server/db/work-priority.ts';
import type { EventHub } from '#server/streams/event-hub.ts';
import type { InstanceBus } from '#server/streams/instance-bus.ts';
import { StreamFollower, type FollowerOptions } from '#server/streams/stream-follower.ts';
import { failStreamingReplies, ownersOfSessions, saveReplyProgress, touchReplies } from '../replies.queries.ts';
import { titleAfterReply } from './auto-title.ts';
import { finishReply } from './finish.ts';
import { abortKind, TurnAbort } from './outcome.ts';
import { buildReplyPrompt, type ContextProvider, type ReplyJob, type ReplyPrompt } from './prompt.ts';
import { ReplyStreamView, type ReplyEventSink } from './reply-view.ts';
import type { TurnStreamEvent } from './stream-events.ts';
import { createThrottledSaver } from './throttled-saver.ts';
import { streamTurn, type TurnResult } from './turn.ts';

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
  /** The other instances (Redis): a Stop sent to one reaches the one writing the reply at once. */
  bus?: InstanceBus;
}

export interface ReplyObserver {
  replyFinished(status: 'complete' | 'stopped' | 'failed', usage: { inputTokens?: number; outputTokens?: number } | undefined): void;
  /**
   * A reader of a reply being written went live on the event hub, or had to read the database
   * every half second because no hub reaches the instance writing it (several instances without Redis).
   */
  streamFollowed?(source: 'hub' | 'database'): void;
}

interface Running {
  job: ReplyJob;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Writes assistant replies in the background, independent of any HTTP request: one model call per
 * reply, stoppable, publishing to the event hub and saving progress to the database. Any instance
 * can follow a reply (from the hub, or from the database when it is written elsewhere).
 *
 * Public surface: start, stop, follow, recover; ownerOf and isRunning answer about replies written
 * here without a query. Its lifecycle (recovery sweep, shutdown order) is replies.plugin.ts's.
 */
export class ReplyEngine {
  private readonly running = new Map<string, Running>();
  private readonly background = new Set<Promise<unknown>>();
  private closing = false;

  constructor(private readonly deps: ReplyEngineDeps) {
    deps.bus?.subscribe((message) => {
      if (message.kind === 'stop-reply') this.stoppedElsewhere(message.messageId);
    });
  }

  /** Starts writing a reply; returns at once. The hub knows the reply is live before this returns. */
  start(job: ReplyJob): void {
    const controller = new AbortController();
    if (this.closing) controller.abort(new TurnAbort('shutdown'));
    this.deps.hub.open(job.messageId);
    const done = this.run(job, controller)
      .catch((err: unknown) => this.deps.log.error({ err, messageId: job.messageId }, 'reply runner crashed'))
      .finally(() => this.running.delete(job.messageId));
    this.running.set(job.messageId, { job, controller, done });
  }

  /** Stops a reply written here and waits until its final state is saved; false when it is not written here. */
  async stop(messageId: string): Promise<boolean> {
    const running = this.running.get(messageId);
    if (!running) return false;
    running.controller.abort(new TurnAbort('stop'));
    await running.done;
    return true;
  }

  /**
   * A reply written on another instance was stopped here (its row says 'stopped' already): tells
   * the instance writing it, which ends it at once. Without the bus it still ends at its next save,
   * when the runner finds the row stopped.
   */
  announceStop(messageId: string): void {
    this.deps.bus?.publish({ kind: 'stop-reply', messageId });
  }

  /** Another instance stopped a reply written here: end it now, keeping its text (the row is 'stopped' already). */
  private stoppedElsewhere(messageId: string): void {
    const running = this.running.get(messageId);
    if (running && !running.controller.signal.aborted) running.controller.abort(new TurnAbort('stopped-elsewhere'));
  }

  /**
   * Follows one reply for one reader (ownership checked before): the text so far or, with
   * `resumeFrom` (a text offset the reader had), what it lacks, then live text, then the end.
   * `end` runs once, when the follower ends; stop() the follower when the reader leaves.
   */
  async follow(messageId: string, resumeFrom: number | null, sink: ReplyEventSink & { end(): void }, options: FollowerOptions = {}): Promise<StreamFollower<TurnStreamEvent>> {
    const view = new ReplyStreamView(this.deps.db, messageId, resumeFrom, sink);
    const follower = new StreamFollower(this.deps.hub, messageId, view, () => sink.end(), {
      onError: (err) => this.deps.log.warn({ err, messageId }, 'a reply stream could not read the reply'),
      ...options,
      onTransition: (from, to) => {
        if (to === 'live') this.deps.observer?.streamFollowed?.('hub');
        else if (to === 'polling') this.deps.observer?.streamFollowed?.('database');
        options.onTransition?.(from, to);
      },
    });
    await follower.start();
    return follower;
  }

  /**
   * Replies left 'streaming' by a runner that is gone fail as interrupted, keeping their text. With
   * `silentForMs`, only those whose runner has been silent that long: where other instances share
   * the database, a 'streaming' reply may be theirs and alive.
   */
  async recover(options: { silentForMs?: number } = {}): Promise<number> {
    const failed = await failStreamingReplies(this.deps.db, replyErrors.interrupted, options.silentForMs);
    if (failed.length > 0) this.deps.log.info({ count: failed.length }, 'marked interrupted replies as failed');
    // Readers following one live on a shared hub (Redis: another instance) learn that it ended.
    for (const reply of failed) {
      this.deps.hub.end(reply.id, { type: 'turn-end', turn: reply.id, final: { type: 'error', message: replyErrors.interrupted, content: reply.content } });
    }
    // An interrupted reply gives its free interaction back, as a reply that fails while running does
    // (only on the day it was counted: yesterday's counter is gone already).
    const charged = failed.filter((reply) => reply.chargedDay !== null);
    const owners = await ownersOfSessions(this.deps.db, [...new Set(charged.map((reply) => reply.sessionId))]);
    for (const reply of charged) {
      const userId = owners.get(reply.sessionId);
      if (userId) await refundInteraction(this.deps, userId, reply.chargedDay!).catch((err: unknown) => this.deps.log.warn({ err }, 'could not give back an interaction'));
    }
    return failed.length;
  }

  /** Refreshes the heartbeat of every reply written here, so other instances can tell a dead runner within seconds. */
  async heartbeat(): Promise<void> {
    await inBackground(() => touchReplies(this.deps.db, [...this.running.keys()]));
  }

  /** Who a reply being written here belongs to (known from its admission), without a query. */
  ownerOf(messageId: string): { userId: string; sessionId: string } | undefined {
    const job = this.running.get(messageId)?.job;
    return job && { userId: job.userId, sessionId: job.sessionId };
  }

  isRunning(messageId: string): boolean {
    return this.running.has(messageId);
  }

  /** How many replies are being written here now. */
  get activeCount(): number {
    return this.running.size;
  }

  /**
   * Waits, at most `timeoutMs`, for the replies being written here to end by themselves (a graceful
   * shutdown lets them finish before close() ends the rest as interrupted). True when none is left.
   */
  async drain(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.running.size > 0) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.running.values()].map((r) => r.done)),
        new Promise((resolve) => {
          timer = setTimeout(resolve, left);
        }),
      ]);
      clearTimeout(timer);
    }
    return true;
  }

  /** Resolves when no reply is being written here and no follow-up work (titles) is pending. */
  async whenIdle(): Promise<void> {
    while (this.running.size > 0 || this.background.size > 0) {
      await Promise.allSettled([...[...this.running.values()].map((r) => r.done), ...this.background]);
    }
  }

  /** Shutdown: every running reply ends 'failed' (interrupted) with its text saved; waits for all of it. */
  async close(): Promise<void> {
    this.closing = true;
    for (const running of this.running.values()) running.controller.abort(new TurnAbort('shutdown'));
    await this.whenIdle();
  }

  /** One reply: prompt, model call (published and saved as it streams), end, title. */
  private async run(job: ReplyJob, controller: AbortController): Promise<void> {
    const { deps } = this;
    const saver = createThrottledSaver({
      save: (text) => saveReplyProgress(deps.db, job.messageId, text),
      onGone: () => {
        if (!controller.signal.aborted) controller.abort(new TurnAbort('stopped-elsewhere'));
      },
      onError: (err) => deps.log.warn({ err, messageId: job.messageId }, 'could not save reply progress'),
    });
    let prompt: ReplyPrompt | undefined;
    let run: TurnResult;
    try {
      prompt = await buildReplyPrompt(deps, job, controller.signal);
      if (prompt.notes.length > 0) deps.log.info({ messageId: job.messageId, notes: prompt.notes }, 'reply context');
      run = await streamTurn({
        model: deps.model,
        system: prompt.system,
        messages: prompt.messages,
        maxOutputTokens: deps.config.ai.maxOutputTokens,
        maxRetries: deps.config.ai.maxRetries,
        stallTimeoutMs: deps.config.ai.stallTimeoutMs,
        providerOptions: prompt.providerOptions,
        controller,
        onText: (delta, text) => {
          deps.hub.publish(job.messageId, { type: 'delta', turn: job.messageId, text: delta, offset: text.length });
          saver.update(text);
        },
      });
    } catch (err) {
      // Before the model call: the history could not be read, or a context provider failed.
      run = { text: '', finished: false, error: err, usage: undefined };
    }
    await saver.settle();
    const outcome = await finishReply(deps, job, run, abortKind(controller.signal));
    if (outcome.status !== 'streaming') deps.observer?.replyFinished(outcome.status, outcome.status === 'complete' ? run.usage : undefined);
    // A title is background work: the next request's statements go first (work-priority.ts).
    if (outcome.status === 'complete' && prompt && !this.closing) this.track(inBackground(() => titleAfterReply(deps, job, prompt.history, run.text)));
  }

  /** Keeps track of follow-up work so close() and whenIdle() can wait for it. */
  private track(task: Promise<unknown>): void {
    const tracked = task.finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }
}
