export interface Notice {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}

type Presenter = (notice: Notice) => void;

let presenter: Presenter | null = null;
const waiting: Notice[] = [];
const listeners = new Set<() => void>();

/**
 * The one way features show a notice (spec section 8): one at a time, gone 3000 ms after it
 * appears or is dismissed. The notice library is not part of the first page load: the host
 * (app/notice-host.tsx) loads it when the first notice is asked for, and the notices asked for
 * meanwhile are shown as soon as it is ready.
 */
export function notify(notice: Notice): void {
  if (presenter) {
    presenter(notice);
    return;
  }
  waiting.push(notice);
  for (const listener of listeners) listener();
}

/** For the host: true once any notice was asked for (so the toaster must be loaded). */
export function noticesRequested(): boolean {
  return presenter !== null || waiting.length > 0;
}

export function subscribeToNoticeRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For the host: shows the waiting notices and every later one through `show`. */
export function attachNoticePresenter(show: Presenter): () => void {
  presenter = show;
  for (const notice of waiting.splice(0)) show(notice);
  return () => {
    if (presenter === show) presenter = null;
  };
}
