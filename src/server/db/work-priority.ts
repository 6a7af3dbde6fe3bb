import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

/**
 * Runs `work` as background work: jobs, titles, progress saves, heartbeats. On the embedded database
 * (PGlite, one statement at a time on its thread: decision 010) its statements wait while statements
 * of requests are waiting, so a user's request is never queued behind a batch of background writes
 * (docs/decisions/044-background-work-yields.md). Everything called from `work`, awaited or not,
 * timers included, inherits it. PostgreSQL runs statements side by side and ignores it.
 */
export function inBackground<T>(work: () => T): T {
  return background.run(true, work);
}

/** Whether the caller runs as background work (see inBackground). */
export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}
