/**
 * The installable app: what the web app manifest says and the timings of spec sections 4 and 9.
 * Isomorphic: the server builds the manifest from it, the client runs the update flow with it.
 */
export const PWA_UPDATE_CHECK_INTERVAL_MS = 60_000;
/** A newly installed version activates this long after it is installed, then the page reloads. */
export const PWA_ACTIVATE_DELAY_MS = 2_000;
/** After the worker's update message the page reloads this long after. */
export const PWA_RELOAD_DELAY_MS = 1_000;
/** The install state is checked again this long after the window regains focus. */
export const INSTALL_RECHECK_DELAY_MS = 500;
/** Mobile means a viewport narrower than this (spec section 9). */
export const MOBILE_BREAKPOINT_PX = 768;

/**
 * The service worker's cache of what the signed-in person already saw (docs/decisions/080-offline-signed-in.md).
 * public/sw-user-data.js spells the same name; a sign-out in the page deletes it too.
 */
export const USER_DATA_CACHE = 'user-data-v1';

/** Brand colours: the navy of the header in light mode, the page background in dark mode. */
export const themeColors = { light: '#13294b', dark: '#0b1220' } as const;

export const PWA_DESCRIPTION = 'Talk strategy with AI executive advisors who know your industry.';

/** The screenshots in public/screenshots (scripts/render-app-screenshots.ts) shown by richer install dialogs. */
export const pwaScreenshots = [
  { src: '/screenshots/wide-1280x800.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'A conversation with your AI executive advisor' },
  { src: '/screenshots/narrow-390x844.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'A conversation with your AI executive advisor on a phone' },
] as const;

/** A short name fits under a home-screen icon (up to 15 characters); longer names keep their first word. */
export function shortNameOf(appName: string): string {
  if (appName.length <= 15) return appName;
  return appName.split(/\s+/)[0]!.slice(0, 15);
}

/** The web app manifest, with the product name from configuration. */
export function webAppManifest(appName: string) {
  return {
    name: appName,
    short_name: shortNameOf(appName),
    description: PWA_DESCRIPTION,
    id: '/',
    start_url: '/chat',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: themeColors.light,
    theme_color: themeColors.light,
    // Chromium's manifest colour-scheme extension; other browsers ignore it (index.html has both theme-color metas).
    user_preferences: { color_scheme: { dark: { background_color: themeColors.dark, theme_color: themeColors.dark } } },
    categories: ['business', 'productivity'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    screenshots: pwaScreenshots,
  };
}

/** What /chat says while the connection is down (issue 16: readable, sending disabled with a reason). */
export const offlineText = {
  notice: "You're offline. This conversation stays readable; sending resumes when the connection returns.",
  sendDisabled: 'Sending is paused while you are offline',
} as const;

/** What the page says when a new version is ready but waits for a streaming reply to finish. */
export const pwaText = {
  updateReady: { title: 'A new version is ready', description: 'It loads as soon as this reply finishes.' },
} as const;
