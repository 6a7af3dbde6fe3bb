/**
 * The version of the code this tab runs, from the entry script's hashed file name
 * (/assets/index-AbC123.js -> 'AbC123'), and the app_version key that tabs share (spec section 3).
 */
export const APP_VERSION_KEY = 'app_version';

export function versionFromScriptUrl(url: string): string | null {
  const match = /\/assets\/[^/]*?-([A-Za-z0-9_-]{6,})\.js(?:[?#].*)?$/.exec(url);
  return match?.[1] ?? null;
}

/** The version of the loaded assets: the hash in the name of the entry script. */
export function loadedAppVersion(doc: Document = document): string | null {
  for (const script of doc.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')) {
    const version = versionFromScriptUrl(script.src);
    if (version) return version;
  }
  return null;
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
