import type { FastifyBaseLogger } from 'fastify';
import { TurnAbort } from '#server/ai/turn-outcome.ts';
import type { EventHub } from '#server/streams/event-hub.ts';
import type { InstanceBus } from '#server/streams/instance-bus.ts';
import { StreamFollower, type FollowerOptions, type StreamView } from '#server/streams/stream-follower.ts';
import type { TurnStreamEvent } from './stream-events.ts';

/**
 * One kind of long work that streams and must survive a restart (a reply, a roundtable): what is
 * particular to it. Everything else (the running set, stop here or elsewhere, follow, recovery,
 * heartbeats, drain and close) is the registry's, the same for every kind.
 */
export interface RunKind<Job, Resume, Sink extends { end(): void }> {
  /** Names the kind on the instance bus and in logs ('reply', 'roundtable'). */
  readonly name: string;
  /**
   * Does the work, publishing on the hub under the run's id and saving as it goes, and ends the
   * hub stream. Never rejects on purpose (a rejection is logged as a crash). `controller` is
   * aborted with a TurnAbort: 'stop', 'stopped-elsewhere' or 'shutdown'. `followUp` starts work
   * that comes after the run (a title) unless the instance is closing, and close() and whenIdle()
   * wait for it.
   */
  execute(job: Job, controller: AbortController, followUp: (work: () => Promise<unknown>) => void): Promise<void>;
  /**
   * Settles runs whose runner is gone (their rows still say running). With `silentForMs`, only
   * those whose heartbeat is that old: on a shared database, another instance may be writing the rest.
   */
  recover(options: { silentForMs?: number }): Promise<number>;
  /** Refreshes the heartbeat of the runs written here, so other instances can tell a dead runner. */
  heartbeat(ids: string[]): Promise<void>;
  /** How one reader sees a run: what it is sent from the hub or from the stored state. */
  view(id: string, resumeFrom: Resume, sink: Sink): StreamView<TurnStreamEvent>;
  /** Told when a reader went live on the hub or had to poll the database (metrics). */
  onFollow?(source: 'hub' | 'database'): void;
}

export interface RunRegistryDeps {
  hub: EventHub<TurnStreamEvent>;
  log: FastifyBaseLogger;
  /** The other instances (Redis): a Stop sent to one reaches the one doing the work at once. */
  bus?: InstanceBus;
}

interface Running<Job> {
  job: Job;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * The runs of one kind on this instance: started here, stoppable here or from any instance,
 * followed by any number of readers on any instance (from the hub, or from the database when the
 * run is written elsewhere and no hub reaches it). Its timers (heartbeat, recovery sweep) and its
 * place in the shutdown order are the runs plugin's (runs.plugin.ts), the same for every kind.
 */
export class RunRegistry<Job, Resume, Sink extends { end(): void }> {
  private readonly running = new Map<string, Running<Job>>();
  private readonly background = new Set<Promise<unknown>>();
  private closing = false;

  constructor(
    readonly kind: RunKind<Job, Resume, Sink>,
    private readonly deps: RunRegistryDeps,
  ) {
    deps.bus?.subscribe((message) => {
      if (message.kind === 'stop-run' && message.run === kind.name) this.stoppedElsewhere(message.id);
    });
  }

  /** Starts a run; returns at once. The hub knows the stream before this returns. */
  start(id: string, job: Job): void {
    const controller = new AbortController();
    if (this.closing) controller.abort(new TurnAbort('shutdown'));
    this.deps.hub.open(id);
    const done = this.kind
      .execute(job, controller, (work) => this.followUp(work))
      .catch((err: unknown) => this.deps.log.error({ err, run: this.kind.name, id }, 'a run crashed'))
      .finally(() => this.running.delete(id));
    this.running.set(id, { job, controller, done });
  }

  /** Stops a run written here and waits until its end is saved; false when it is not written here. */
  async stop(id: string): Promise<boolean> {
    const running = this.running.get(id);
    if (!running) return false;
    running.controller.abort(new TurnAbort('stop'));
    await running.done;
    return true;
  }

  /**
   * A run written on another instance was stopped here (its row says so already): tells the
   * instance writing it, which ends it at once. Without the bus it still ends at its next save,
   * when the runner finds the row stopped.
   */
  announceStop(id: string): void {
    this.deps.bus?.publish({ kind: 'stop-run', run: this.kind.name, id });
  }

  /** Another instance stopped a run written here: end it now, keeping what was written. */
  private stoppedElsewhere(id: string): void {
    const running = this.running.get(id);
    if (running && !running.controller.signal.aborted) running.controller.abort(new TurnAbort('stopped-elsewhere'));
  }

  /**
   * Follows one run for one reader (ownership checked before): what the reader lacks, then live
   * events, then the end. `sink.end` runs once, when the follower ends; stop() the follower when
   * the reader leaves.
   */
  async follow(id: string, resumeFrom: Resume, sink: Sink, options: FollowerOptions = {}): Promise<StreamFollower<TurnStreamEvent>> {
    const view = this.kind.view(id, resumeFrom, sink);
    const follower = new StreamFollower(this.deps.hub, id, view, () => sink.end(), {
      onError: (err) => this.deps.log.warn({ err, run: this.kind.name, id }, 'a stream could not read its run'),
      ...options,
      onTransition: (from, to) => {
        if (to === 'live') this.kind.onFollow?.('hub');
        else if (to === 'polling') this.kind.onFollow?.('database');
        options.onTransition?.(from, to);
      },
    });
    await follower.start();
    return follower;
  }

  async recover(options: { silentForMs?: number } = {}): Promise<number> {
    return this.kind.recover(options);
  }

  async heartbeat(): Promise<void> {
    if (this.running.size > 0) await this.kind.heartbeat([...this.running.keys()]);
  }

  /** The job of a run written here (who it belongs to is known from its admission), without a query. */
  jobOf(id: string): Job | undefined {
    return this.running.get(id)?.job;
  }

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  get activeCount(): number {
    return this.running.size;
  }

  /**
   * Waits, at most `timeoutMs`, for the runs written here to end by themselves (a graceful
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

  /** Resolves when no run is going on here and no follow-up work is pending. */
  async whenIdle(): Promise<void> {
    while (this.running.size > 0 || this.background.size > 0) {
      await Promise.allSettled([...[...this.running.values()].map((r) => r.done), ...this.background]);
    }
  }

  /** Shutdown: every run ends interrupted ('shutdown') with what it wrote saved; waits for all of it. */
  async close(): Promise<void> {
    this.closing = true;
    for (const running of this.running.values()) running.controller.abort(new TurnAbort('shutdown'));
    await this.whenIdle();
  }

  /** Follow-up work is not started once the instance is closing; close() waits for what was. */
  private followUp(work: () => Promise<unknown>): void {
    if (this.closing) return;
    const tracked = work()
      .catch((err: unknown) => this.deps.log.warn({ err, run: this.kind.name }, 'follow-up work of a run failed'))
      .finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }
}
