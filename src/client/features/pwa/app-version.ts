/**
 * The version of the code this tab runs, from the app chunk's hashed file name
 * (/assets/app-AbC123.js -> 'AbC123'), and the app_version key that tabs share (spec section 3).
 */
export const APP_VERSION_KEY = 'app_version';

export function versionFromScriptUrl(url: string): string | null {
  const match = /\/assets\/[^/]*?-([A-Za-z0-9_-]{6,})\.js(?:[?#].*)?$/.exec(url);
  return match?.[1] ?? null;
}

/**
 * The version of the loaded app: the hash in the name of the app's chunk, whose address the page's
 * root element carries for its first script (src/client/boot.ts). That name changes with every change
 * to the app, the lazy pages' names included, which the app's chunk refers to.
 */
export function loadedAppVersion(doc: Document = document): string | null {
  const app = doc.getElementById('root')?.dataset.app;
  return app ? versionFromScriptUrl(app) : null;
}

/**
 * Records the loaded version and says whether another tab or an earlier visit ran a different
 * one (then this tab may be stale and checks for an update at once).
 */
export function recordAppVersion(storage: Pick<Storage, 'getItem' | 'setItem'>, loaded: string | null): { changed: boolean } {
  if (!loaded) return { changed: false };
  const stored = storage.getItem(APP_VERSION_KEY);
  storage.setItem(APP_VERSION_KEY, loaded);
  return { changed: stored !== null && stored !== loaded };
}
