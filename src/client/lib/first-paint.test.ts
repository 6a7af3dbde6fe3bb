import { describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint, FIRST_PAINT_FALLBACK_MS } from './first-paint.ts';

/** A window whose paint entries the test delivers, with fake timers for the fallback. */
function paintWindow({ visibility = 'visible', paintTiming = true }: { visibility?: DocumentVisibilityState; paintTiming?: boolean } = {}) {
  const observers: Array<{ callback: PerformanceObserverCallback; disconnected: boolean; options?: PerformanceObserverInit }> = [];
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['mark'];
    private readonly entry: (typeof observers)[number];
    constructor(callback: PerformanceObserverCallback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe(options: PerformanceObserverInit) {
      this.entry.options = options;
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  const paint = (name: string) => {
    for (const o of observers) {
      if (o.disconnected) continue;
      const list = { getEntriesByName: (n: string) => (n === name ? [{ name, entryType: 'paint', startTime: 12 }] : []) } as unknown as PerformanceObserverEntryList;
      o.callback(list, o as unknown as PerformanceObserver);
    }
  };
  const win = { document: { visibilityState: visibility }, PerformanceObserver: FakeObserver as unknown as typeof PerformanceObserver, setTimeout, clearTimeout };
  return { win, paint, observers };
}

describe('afterFirstContentfulPaint: the app is fetched once the prerendered page is on screen', () => {
  it('waits for the first contentful paint, asking for paints already reported too', async () => {
    const { win, paint, observers } = paintWindow();
    let resolved = false;
    const waiting = afterFirstContentfulPaint(win).then(() => (resolved = true));
    await Promise.resolve();
    expect(observers[0]?.options).toEqual({ type: 'paint', buffered: true });
    paint('first-paint');
    await Promise.resolve();
    expect(resolved).toBe(false);
    paint('first-contentful-paint');
    await waiting;
    expect(resolved).toBe(true);
    expect(observers[0]?.disconnected).toBe(true);
  });

  it('does not wait in a tab that is not shown (it paints nothing until it is)', async () => {
    const { win, observers } = paintWindow({ visibility: 'hidden' });
    await afterFirstContentfulPaint(win);
    expect(observers).toHaveLength(0);
  });

  it('does not wait in a browser without paint timing', async () => {
    const { win, observers } = paintWindow({ paintTiming: false });
    await afterFirstContentfulPaint(win);
    expect(observers).toHaveLength(0);
  });

  it('gives up waiting after the fallback delay, so the page always gets its app', async () => {
    vi.useFakeTimers();
    try {
      const { win, observers } = paintWindow();
      win.setTimeout = setTimeout;
      win.clearTimeout = clearTimeout;
      let resolved = false;
      void afterFirstContentfulPaint(win).then(() => (resolved = true));
      await vi.advanceTimersByTimeAsync(FIRST_PAINT_FALLBACK_MS - 1);
      expect(resolved).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(resolved).toBe(true);
      expect(observers[0]?.disconnected).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
