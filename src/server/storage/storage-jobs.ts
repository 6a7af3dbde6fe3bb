import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { ObjectStorage } from './object-storage.ts';

/** storage.delete: removes an object whose row went (queued by database triggers, e.g. migration 0009). */
export function registerStorageJobs(jobs: JobQueue, storage: ObjectStorage): void {
  jobs.register<{ key: string }>('storage.delete', {
    maxAttempts: 10,
    run: async ({ key }) => storage.delete(key),
  });
}
