import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose statement it is, for the embedded database (PGlite runs one statement at a time on its thread:
 * decision 010): a request's, which someone is waiting for; background work that follows a request
 * closely (a reply's progress saves and heartbeats, its title), which waits while requests' statements
 * wait; or idle work (the job queue: the search index, retention, mail), which waits for a pause in
 * requests (docs/decisions/044-background-work-yields.md). PostgreSQL runs statements side by side and
 * ignores it.
 */
export type WorkPriority = 'request' | 'background' | 'idle';

const priority = new AsyncLocalStorage<Exclude<WorkPriority, 'request'>>();

/**
 * Runs `work` as background work: titles, progress saves, heartbeats. Its statements wait while
 * statements of requests are waiting, so a user's request is never queued behind a batch of background
 * writes. Everything called from `work`, awaited or not, timers included, inherits it.
 */
export function inBackground<T>(work: () => T): T {
  return priority.run('background', work);
}

/**
 * Runs `work` as idle work: the job queue's claims and jobs. Its statements wait for a pause of 20 ms
 * in requests' statements (or a second at most), so a long one (an index batch) does not start in the
 * middle of a burst of requests. Inherited like inBackground's mark.
 */
export function inIdleTime<T>(work: () => T): T {
  return priority.run('idle', work);
}

/** The priority the caller's statements run with (see inBackground, inIdleTime). */
export function workPriority(): WorkPriority {
  return priority.getStore() ?? 'request';
}
