/** How long a page waits for its first contentful paint before loading the app anyway. */
export const FIRST_PAINT_FALLBACK_MS = 1000;

type PaintWindow = Pick<Window, 'setTimeout' | 'clearTimeout'> & {
  document: Pick<Document, 'visibilityState'>;
  PerformanceObserver?: typeof PerformanceObserver;
};

/**
 * Resolves once the page's first contentful paint has been presented (the browser reports it as a
 * `paint` entry), at once when it was before this call. A page that cannot paint now (a tab opened
 * in the background) or a browser without paint timing resolves at once; one whose paint does not
 * come within FIRST_PAINT_FALLBACK_MS resolves then, so nothing ever waits for good.
 */
export function afterFirstContentfulPaint(win: PaintWindow): Promise<void> {
  return new Promise((resolve) => {
    const Observer = win.PerformanceObserver;
    if (win.document.visibilityState === 'hidden' || !Observer?.supportedEntryTypes?.includes('paint')) {
      resolve();
      return;
    }
    const observer = new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const done = () => {
      observer.disconnect();
      win.clearTimeout(timer);
      resolve();
    };
    const timer = win.setTimeout(done, FIRST_PAINT_FALLBACK_MS);
    observer.observe({ type: 'paint', buffered: true });
  });
}
