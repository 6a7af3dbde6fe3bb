import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '#server/db/client.ts';
import { inIdleTime } from '#server/db/work-priority.ts';
import * as queries from './jobs.queries.ts';

export interface JobContext {
  attempt: number;
  /** Aborted when the queue closes (shutdown) or the job's lease was lost. */
  signal: AbortSignal;
}

export interface JobDefinition<Payload> {
  run(payload: Payload, context: JobContext): Promise<void>;
  /** Attempts before giving up (default 5). */
  maxAttempts?: number;
  /** Called once when the last attempt failed. */
  onGiveUp?(payload: Payload, error: unknown): Promise<void>;
}

/** Runs one attempt of a job on the queue's behalf: the queue's instrumentation point (traces). */
export type JobObserver = (job: { id: string; kind: string; attempt: number }, run: () => Promise<void>) => Promise<void>;

export interface JobQueueOptions {
  db: Db;
  /** Unset (tracing off): jobs run as they are. */
  observeJob?: JobObserver;
  log: FastifyBaseLogger;
  /** Jobs this instance runs at once. */
  concurrency: number;
  /** How often an idle instance looks for due jobs (another instance's, retries). */
  pollMs?: number;
  /** How long a claimed job stays this worker's without a renewal; a dead worker's job is claimed again after it. */
  leaseMs?: number;
  /** First retry delay; doubles per attempt up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/** A stable UUID (version 8, "custom") from a text key. */
function uuidFromKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Durable background jobs in the `jobs` table (decision 015): enqueue inside the caller's
 * transaction, claimed by any instance with FOR UPDATE SKIP LOCKED, leased and renewed while
 * running, retried with exponential backoff, claimed again after a crash when the lease runs out.
 * Imports no feature: features register their kinds.
 */
export class JobQueue {
  readonly #options: Required<JobQueueOptions>;
  readonly #definitions = new Map<string, JobDefinition<never>>();
  readonly #running = new Set<Promise<void>>();
  readonly #closing = new AbortController();
  #timer: NodeJS.Timeout | null = null;
  #started = false;
  /** The claiming pass in flight, if any (runUntilIdle waits for it: it may hold a job not yet running). */
  #pumpRun: Promise<void> | null = null;

  constructor(options: JobQueueOptions) {
    this.#options = { pollMs: 1000, leaseMs: 60_000, backoffMs: 1000, maxBackoffMs: 5 * 60_000, ...options, observeJob: options.observeJob ?? ((_job, run) => run()) };
  }

  register<Payload>(kind: string, definition: JobDefinition<Payload>): void {
    this.#definitions.set(kind, definition as JobDefinition<never>);
  }

  /** Queues a job (in `executor`'s transaction when given one); the local worker is woken after. */
  async enqueue(executor: Executor, kind: string, payload: Record<string, unknown>, options: { delayMs?: number } = {}): Promise<string> {
    const definition = this.#definitions.get(kind);
    const id = await queries.insertJob(executor, { kind, payload, maxAttempts: definition?.maxAttempts ?? 5, delayMs: options.delayMs });
    return id;
  }

  /**
   * Queues a job once per `uniqueKey` across every instance (a scheduled run: 'retention:2026-11-24'):
   * the job's id is derived from the key, so the first insert wins and the others do nothing.
   * Answers whether this call queued it.
   */
  async enqueueOnce(executor: Executor, kind: string, payload: Record<string, unknown>, uniqueKey: string): Promise<boolean> {
    const definition = this.#definitions.get(kind);
    const inserted = await queries.insertJobOnce(executor, { id: uuidFromKey(`${kind}:${uniqueKey}`), kind, payload, maxAttempts: definition?.maxAttempts ?? 5 });
    if (inserted) this.wake();
    return inserted;
  }

  /** Looks for work now (after a commit that queued some). */
  wake(): void {
    if (this.#started) setImmediate(() => void this.#pump());
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#schedule();
    this.wake();
  }

  #schedule(): void {
    if (this.#closing.signal.aborted) return;
    this.#timer = setTimeout(() => {
      void this.#pump().finally(() => this.#schedule());
    }, this.#options.pollMs);
    this.#timer.unref();
  }

  #pump(): Promise<void> {
    if (this.#closing.signal.aborted) return Promise.resolve();
    // Claiming, running and settling jobs is idle work: on PGlite it waits for a pause in requests (work-priority.ts).
    this.#pumpRun ??= inIdleTime(() => this.#claimWhileFree()).finally(() => {
      this.#pumpRun = null;
    });
    return this.#pumpRun;
  }

  async #claimWhileFree(): Promise<void> {
    try {
      while (this.#running.size < this.#options.concurrency && !this.#closing.signal.aborted) {
        const job = await queries.claimJob(this.#options.db, [...this.#definitions.keys()], this.#options.leaseMs);
        if (!job) break;
        const run = this.#run(job).finally(() => {
          this.#running.delete(run);
          this.wake();
        });
        this.#running.add(run);
      }
    } catch (error) {
      this.#options.log.error({ err: error }, 'job queue: claiming failed');
    }
  }

  async #run(job: { id: string; kind: string; payload: Record<string, unknown>; attempts: number; maxAttempts: number }): Promise<void> {
    const { db, log, leaseMs, backoffMs, maxBackoffMs } = this.#options;
    const definition = this.#definitions.get(job.kind)!;
    const controller = new AbortController();
    const onClose = () => controller.abort(new Error('shutdown'));
    this.#closing.signal.addEventListener('abort', onClose, { once: true });
    const heartbeat = setInterval(() => {
      void queries.renewLease(db, job.id, job.attempts, leaseMs).then(
        (kept) => kept || controller.abort(new Error('lease lost')),
        () => {},
      );
    }, Math.max(50, Math.floor(leaseMs / 3)));
    try {
      await this.#options.observeJob({ id: job.id, kind: job.kind, attempt: job.attempts }, () =>
        definition.run(job.payload as never, { attempt: job.attempts, signal: controller.signal }),
      );
      await queries.finishJob(db, job.id, job.attempts);
    } catch (error) {
      if (this.#closing.signal.aborted) {
        await queries.releaseJob(db, job.id, job.attempts).catch(() => {}); // a crash instead: the lease runs out and it is claimed again
        return;
      }
      const lastAttempt = job.attempts >= job.maxAttempts;
      const retryIn = lastAttempt ? null : Math.min(maxBackoffMs, backoffMs * 2 ** (job.attempts - 1));
      log.warn({ err: error, job: job.id, kind: job.kind, attempt: job.attempts, retryIn }, 'job failed');
      await queries.failJob(db, job.id, job.attempts, error instanceof Error ? error.message : String(error), retryIn).catch((failError: unknown) => {
        // The attempt stays 'running' until its lease runs out and is claimed again: say why.
        log.error({ err: failError, job: job.id, kind: job.kind }, 'job queue: recording a failed attempt failed');
      });
      if (lastAttempt) await definition.onGiveUp?.(job.payload as never, error).catch((giveUpError: unknown) => log.error({ err: giveUpError }, 'job give-up hook failed'));
    } finally {
      clearInterval(heartbeat);
      this.#closing.signal.removeEventListener('abort', onClose);
    }
  }

  /** Runs due jobs on this instance until none is due or running (tests, tools). */
  async runUntilIdle(): Promise<void> {
    for (;;) {
      await this.#pump();
      if (this.#running.size === 0) {
        const job = await inIdleTime(() => queries.claimJob(this.#options.db, [...this.#definitions.keys()], this.#options.leaseMs));
        if (!job) {
          // Nothing due, unless a pass woken meanwhile claimed it first and has not started it yet.
          if (this.#pumpRun || this.#running.size > 0) continue;
          return;
        }
        const run = inIdleTime(() => this.#run(job)).finally(() => this.#running.delete(run));
        this.#running.add(run);
      }
      await Promise.race(this.#running);
    }
  }

  async unfinished(): Promise<number> {
    return queries.countUnfinished(this.#options.db, [...this.#definitions.keys()]);
  }

  async prune(): Promise<void> {
    await queries.pruneJobs(this.#options.db);
  }

  /** Stops claiming, aborts running jobs and waits for them; their leases run out and another start resumes them. */
  async close(): Promise<void> {
    this.#closing.abort();
    if (this.#timer) clearTimeout(this.#timer);
    await Promise.allSettled([...this.#running]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (tests wait on it with runUntilIdle). */
    jobs: JobQueue;
  }
}
