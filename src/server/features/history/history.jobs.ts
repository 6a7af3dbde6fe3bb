import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { refreshSearchDocuments, warmUpSearch } from './search.queries.ts';
import { accountOwner } from '#server/db/ownership.ts';

/**
 * Queued by the database (migration 0012) whenever one of a user's conversations changes: rebuilds
 * that user's stale search documents, so a search never builds one (decision 027). One job waits per
 * user at most; changes made while it runs queue the next.
 */
export const SEARCH_INDEX_JOB = 'history.search-index';

export function registerHistoryJobs(jobs: JobQueue, deps: { db: Db }): void {
  jobs.register<{ userId: string }>(SEARCH_INDEX_JOB, {
    maxAttempts: 5,
    async run({ userId }) {
      await refreshSearchDocuments(deps.db, accountOwner(userId));
    },
  });
}

/**
 * On the embedded database only (PGlite), once the app is ready: one search that finds nothing, in
 * the background, so the first user's search does not pay for loading the text-search code
 * (warmUpSearch, decision 041). Never delays the start; a failure is logged, and close waits for it.
 */
export function registerSearchWarmUp(app: FastifyInstance, deps: { db: Db }): void {
  let warming: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    warming = warmUpSearch(deps.db).catch((err: unknown) => app.log.warn({ err }, 'warming up the history search failed'));
  });
  app.addHook('onClose', async () => warming);
}
