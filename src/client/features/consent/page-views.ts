/**
 * Page-view analytics, run only after 'Accept All' (docs/decisions/006-analytics-after-consent.md).
 *
 * The default reporter is first-party: it posts the path (never the query string or fragment)
 * to /api/analytics/page-view, which writes one log line and adds one to the day's count for that page
 * (decision 021); nothing about the visitor is stored.
 * An operator who wants a hosted tool replaces `reportPageView` below with that tool's call
 * (and adds its origin to the Content-Security-Policy); the consent gate stays as it is.
 */
export type PageViewReporter = (path: string) => void;

const firstPartyReporter: PageViewReporter = (path) => {
  void fetch('/api/analytics/page-view', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path }),
    credentials: 'include',
    keepalive: true,
  }).catch(() => {
    // Analytics must never disturb the visitor: a lost page view is acceptable.
  });
};

let reportPageView: PageViewReporter = firstPartyReporter;

/** Swap the reporter (a hosted analytics tool, or a spy in tests). */
export function setPageViewReporter(reporter: PageViewReporter): void {
  reportPageView = reporter;
}

export function trackPageView(path: string): void {
  reportPageView(path.split(/[?#]/)[0] || '/');
}
