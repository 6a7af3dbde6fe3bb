import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { jobs, type Job } from '#server/db/schema.ts';

export async function insertJob(db: Executor, job: { kind: string; payload: Record<string, unknown>; maxAttempts: number; delayMs?: number }): Promise<string> {
  const rows = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      maxAttempts: job.maxAttempts,
      runAt: job.delayMs ? sql`now() + ${`${job.delayMs} milliseconds`}::interval` : sql`now()`,
    })
    .returning({ id: jobs.id });
  return rows[0]!.id;
}

/** Inserts a job under a fixed id unless a job with that id exists: answers whether it was inserted. */
export async function insertJobOnce(db: Executor, job: { id: string; kind: string; payload: Record<string, unknown>; maxAttempts: number }): Promise<boolean> {
  const rows = await db
    .insert(jobs)
    .values({ id: job.id, kind: job.kind, payload: job.payload, maxAttempts: job.maxAttempts })
    .onConflictDoNothing({ target: jobs.id })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Claims one due job of the given kinds: queued and due, or running with a lease that ran out (its
 * worker died). FOR UPDATE SKIP LOCKED: instances claiming at once never take the same row and
 * never wait on each other.
 */
export async function claimJob(db: Executor, kinds: string[], leaseMs: number): Promise<Job | null> {
  const result = await db.execute<Record<string, unknown>>(sql`
    update jobs set status = 'running', attempts = attempts + 1,
      locked_until = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now()
    where id = (
      select id from jobs
      where kind = any(${sql.param(kinds)}::text[])
        and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
      order by run_at
      limit 1
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: String(row.id),
    kind: String(row.kind),
    payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
  } as Job;
}

/** Extends a running job's lease; false when the job is no longer this worker's (its lease ran out and another took it). */
export async function renewLease(db: Executor, id: string, attempts: number, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running'), eq(jobs.attempts, attempts)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function finishJob(db: Executor, id: string, attempts: number): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', lockedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.attempts, attempts)));
}

/** The most of an error's message a job keeps (a failed query's message quotes its parameters: a whole document). */
const LAST_ERROR_CHARS = 2000;

/**
 * Records a failed attempt. The message is made storable first: text refuses NUL (U+0000), and a
 * message quoting a document's text can hold one; were this update to fail, the job would stay
 * 'running' until its lease ran out, with nothing saying why.
 */
export async function failJob(db: Executor, id: string, attempts: number, message: string, retryInMs: number | null): Promise<void> {
  const error = message.replaceAll('\u0000', '').slice(0, LAST_ERROR_CHARS);
  await db
    .update(jobs)
    .set(
      retryInMs === null
        ? { status: 'failed', lockedUntil: null, lastError: error, updatedAt: sql`now()` }
        : { status: 'queued', lockedUntil: null, lastError: error, runAt: sql`now() + ${`${retryInMs} milliseconds`}::interval`, updatedAt: sql`now()` },
    )
    .where(and(eq(jobs.id, id), eq(jobs.attempts, attempts)));
}

/** Finished jobs older than a day are of no more use. */
export async function pruneJobs(db: Executor): Promise<void> {
  await db.delete(jobs).where(and(sql`${jobs.status} in ('done', 'failed')`, sql`${jobs.updatedAt} < now() - interval '1 day'`));
}

export async function countUnfinished(db: Executor, kinds: string[]): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from jobs where kind = any(${sql.param(kinds)}::text[]) and status in ('queued', 'running')`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

/** Gives a job back unfinished (shutdown), without counting the attempt: the next instance runs it at once. */
export async function releaseJob(db: Executor, id: string, attempts: number): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'queued', attempts: attempts - 1, lockedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.attempts, attempts), eq(jobs.status, 'running')));
}
