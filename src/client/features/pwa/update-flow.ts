import { PWA_ACTIVATE_DELAY_MS, PWA_RELOAD_DELAY_MS, PWA_UPDATE_CHECK_INTERVAL_MS } from '#contract/pwa.ts';

/**
 * What the page can do; the browser adapter (register-service-worker.ts) binds these to the service
 * worker registration and window, tests to stand-ins.
 */
export interface UpdateFlowDeps {
  reload: () => void;
  /** Runs `run` once nothing that must not be cut (a streaming reply) is running. */
  whenIdle: (run: () => void) => void;
  /** True while something holds reloads (a streaming reply). */
  isHeld: () => boolean;
  /** Asks the registration's waiting worker to take over (Workbox's SKIP_WAITING message). */
  activateWaiting: () => void;
  /** The registration's update check (fetches /sw.js; a byte-different script is a new version). */
  checkForUpdate: () => Promise<unknown>;
  /** A new version is ready but waits for the streaming reply to finish (shown once). */
  onHeldForReply?: () => void;
  setTimeout: (run: () => void, ms: number) => unknown;
  setInterval: (run: () => void, ms: number) => unknown;
}

export interface UpdateFlow {
  /** A newly installed version waits while an older one is active (at registration, or after an update check). */
  waiting(): void;
  /** The page's controller changed (the browser's controllerchange). */
  controllerChanged(): void;
  /** A message from the service worker. */
  message(data: unknown): void;
  /** Runs an update check now (app_version differs from the loaded version). */
  checkNow(): void;
}

/**
 * Spec sections 4 and 9: check for a new version every 60 s; a newly installed version activates
 * 2 s later and the page reloads; an update message from the worker reloads after 1 s. Every
 * reload waits for a streaming reply to finish, and the page says so meanwhile.
 *
 * Who reloads is decided by the page's own history of controllers, not by which Workbox instance
 * saw the update: a page reloads only when a worker takes over from an earlier one. A page that
 * loaded without any worker (a first visit) came from the network and is already the newest: the
 * first worker claiming it is not an update. Once claimed, the same page does reload for the next
 * version, like a page that loaded under a worker.
 *
 * `controlledAtStart`: the page had a controller when the flow started (navigator.serviceWorker.controller).
 */
export function startUpdateFlow(deps: UpdateFlowDeps, controlledAtStart: boolean): UpdateFlow {
  let controllersSeen = controlledAtStart ? 1 : 0;
  let reloading = false;
  let toldHeld = false;

  const tellIfHeld = () => {
    if (!toldHeld && deps.isHeld()) {
      toldHeld = true;
      deps.onHeldForReply?.();
    }
  };
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    tellIfHeld();
    deps.whenIdle(deps.reload);
  };
  const checkNow = () => {
    deps.checkForUpdate().catch(() => {
      // Offline, or the server is restarting: the next check tries again.
    });
  };

  deps.setInterval(checkNow, PWA_UPDATE_CHECK_INTERVAL_MS);

  return {
    waiting() {
      // Activation itself does not wait for a streaming reply: the reply's stream never passes through
      // the worker, and in Chromium an activation asked for just as the reply ends (when the page fetches
      // the transcript and usage) can stay parked behind the old worker. The reload waits instead.
      deps.setTimeout(deps.activateWaiting, PWA_ACTIVATE_DELAY_MS);
    },
    controllerChanged() {
      controllersSeen += 1;
      // The first controller of a page that loaded without one is not a new version for it.
      if (controllersSeen >= 2) reloadOnce();
    },
    message(data) {
      if ((data as { type?: unknown } | null)?.type !== 'app-updated') return;
      // The worker tells only pages an earlier version controlled; a page that never had an
      // earlier controller ignores it all the same (its takeover is reported by controllerChanged).
      if (controllersSeen < 2 && !controlledAtStart) return;
      deps.setTimeout(reloadOnce, PWA_RELOAD_DELAY_MS);
    },
    checkNow,
  };
}
