import { PWA_ACTIVATE_DELAY_MS, PWA_RELOAD_DELAY_MS, PWA_UPDATE_CHECK_INTERVAL_MS } from '#contract/pwa.ts';

/** The part of workbox-window's Workbox the flow uses (a stand-in in tests). */
export interface UpdatableWorker {
  addEventListener(type: 'waiting' | 'controlling' | 'message', listener: (event: { isUpdate?: boolean; data?: unknown }) => void): void;
  update(): Promise<unknown>;
  messageSkipWaiting(): void;
}

export interface UpdateFlowDeps {
  reload: () => void;
  /** Runs `reload` once nothing that must not be cut (a streaming reply) is running. */
  whenIdle: (run: () => void) => void;
  setTimeout: (run: () => void, ms: number) => unknown;
  setInterval: (run: () => void, ms: number) => unknown;
}

/**
 * Spec sections 4 and 9: check for a new version every 60 s; a newly installed version activates
 * 2 s later and the page reloads when it takes control; an update message from the worker reloads
 * after 1 s. Every reload waits for a streaming reply to finish.
 */
export function startUpdateFlow(worker: UpdatableWorker, deps: UpdateFlowDeps): { checkNow: () => void } {
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    deps.whenIdle(deps.reload);
  };
  const checkNow = () => {
    worker.update().catch(() => {
      // Offline or the server is restarting: the next check tries again.
    });
  };

  worker.addEventListener('waiting', () => {
    deps.setTimeout(() => deps.whenIdle(() => worker.messageSkipWaiting()), PWA_ACTIVATE_DELAY_MS);
  });
  worker.addEventListener('controlling', (event) => {
    if (event.isUpdate) reloadOnce();
  });
  worker.addEventListener('message', (event) => {
    const data = event.data as { type?: string } | undefined;
    if (data?.type === 'app-updated') deps.setTimeout(reloadOnce, PWA_RELOAD_DELAY_MS);
  });
  deps.setInterval(checkNow, PWA_UPDATE_CHECK_INTERVAL_MS);
  return { checkNow };
}
