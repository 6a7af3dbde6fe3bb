import type { Db } from '#server/db/client.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { refreshSearchDocuments } from './history.queries.ts';

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
      await refreshSearchDocuments(deps.db, userId);
    },
  });
}
