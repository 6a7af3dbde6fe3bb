import { useEffect, useSyncExternalStore } from 'react';

/** Set on <html> once a prerendered page's content is hydrated (always at once for a page the browser renders itself). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

const subscribeToNothing = () => () => {};

/**
 * False while React hydrates a prerendered page (and in the build's server render), true once this
 * component is live. A prerendered page is on screen before the app has loaded (src/client/boot.ts):
 * until then its controls have no handlers, and a form would submit itself to the page's address
 * (the password in the URL). Controls that would lose a press say so with this.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * Marks <html> once the page's content around it is hydrated. Until then styles.css lets the page's
 * buttons take no pointer presses (they would be lost), and end-to-end tests wait for it through
 * Playwright's own actionability checks.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
  }, []);
  return null;
}
