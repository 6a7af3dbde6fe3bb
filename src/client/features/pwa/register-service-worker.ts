import { Workbox } from 'workbox-window';
import { reloadWhenIdle } from '#client/lib/reload-guard.ts';
import { APP_VERSION_KEY, loadedAppVersion, recordAppVersion } from './app-version.ts';
import { startUpdateFlow } from './update-flow.ts';

/**
 * Registers /sw.js (loaded lazily after the page's load event, off the landing budget) and runs the
 * update flow. A failure is only logged (spec section 8).
 */
export async function registerServiceWorker(): Promise<void> {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  const flow = startUpdateFlow(workbox, {
    reload: () => window.location.reload(),
    whenIdle: reloadWhenIdle,
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    setInterval: (run, ms) => window.setInterval(run, ms),
  });
  try {
    await workbox.register();
  } catch (error) {
    console.warn('Service worker registration failed', error);
    return;
  }
  // A tab whose assets differ from the version another tab (or an earlier visit) recorded may be stale.
  if (recordAppVersion(localStorage, loadedAppVersion()).changed) flow.checkNow();
  window.addEventListener('storage', (event) => {
    if (event.key === APP_VERSION_KEY && event.newValue && event.newValue !== loadedAppVersion()) flow.checkNow();
  });
}
