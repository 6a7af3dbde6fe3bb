import { isReloadHeld, reloadWhenIdle } from '#client/lib/reload-guard.ts';
import { notify } from '#client/lib/notify.ts';
import { pwaText } from '#contract/pwa.ts';
import { APP_VERSION_KEY, loadedAppVersion, recordAppVersion } from './app-version.ts';
import { startUpdateFlow, type UpdateFlow } from './update-flow.ts';

/** Workbox's generated worker activates on this message (vite.config.ts: skipWaiting false). */
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

/**
 * Registers /sw.js (loaded lazily after the page's load event, off the landing budget) and binds the
 * update flow (update-flow.ts) to the browser's own service worker events. The standard API is used
 * directly: workbox-window decides 'is this an update' per Workbox instance (an update found by
 * another tab, or more than 60 s after registering, is 'external' and its takeover is not reported
 * as an update), which left tabs on the old version. A failure is only logged (spec section 8).
 */
export async function registerServiceWorker(container: ServiceWorkerContainer = navigator.serviceWorker): Promise<void> {
  let registration: ServiceWorkerRegistration | null = null;
  const flow = startUpdateFlow(
    {
      reload: () => window.location.reload(),
      whenIdle: reloadWhenIdle,
      isHeld: isReloadHeld,
      activateWaiting: () => registration?.waiting?.postMessage(SKIP_WAITING),
      checkForUpdate: async () => registration?.update(),
      onHeldForReply: () => notify({ title: pwaText.updateReady.title, description: pwaText.updateReady.description }),
      setTimeout: (run, ms) => window.setTimeout(run, ms),
      setInterval: (run, ms) => window.setInterval(run, ms),
    },
    container.controller !== null,
  );
  container.addEventListener('controllerchange', () => flow.controllerChanged());
  container.addEventListener('message', (event: MessageEvent) => flow.message(event.data));
  container.startMessages();

  try {
    registration = await container.register('/sw.js', { scope: '/' });
  } catch (error) {
    console.warn('Service worker registration failed', error);
    return;
  }
  watchForWaitingWorker(registration, flow);

  // A tab whose assets differ from the version another tab (or an earlier visit) recorded may be stale.
  if (recordAppVersion(localStorage, loadedAppVersion()).changed) flow.checkNow();
  window.addEventListener('storage', (event) => {
    if (event.key === APP_VERSION_KEY && event.newValue && event.newValue !== loadedAppVersion()) flow.checkNow();
  });
}

/**
 * Tells the flow whenever a new version has installed and waits behind an active one: one already
 * waiting at registration, and every one an update check finds later, whoever started the check.
 */
function watchForWaitingWorker(registration: ServiceWorkerRegistration, flow: UpdateFlow): void {
  const track = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const onStateChange = () => {
      // An installed worker with no active one activates at once (the first install): not an update.
      if (worker.state === 'installed' && registration.waiting === worker && registration.active) flow.waiting();
      if (worker.state !== 'installing') worker.removeEventListener('statechange', onStateChange);
    };
    worker.addEventListener('statechange', onStateChange);
  };
  if (registration.waiting) flow.waiting();
  track(registration.installing);
  registration.addEventListener('updatefound', () => track(registration.installing));
}
