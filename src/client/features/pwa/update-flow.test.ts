import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdReload, isReloadHeld, reloadWhenIdle } from '#client/lib/reload-guard.ts';
import { loadedAppVersion, recordAppVersion, versionFromScriptUrl } from './app-version.ts';
import { startUpdateFlow } from './update-flow.ts';

function start(controlledAtStart: boolean) {
  const page = { reloads: 0, activations: 0, checks: 0, heldNotices: 0 };
  const flow = startUpdateFlow(
    {
      reload: () => void (page.reloads += 1),
      whenIdle: reloadWhenIdle,
      isHeld: isReloadHeld,
      activateWaiting: () => void (page.activations += 1),
      checkForUpdate: async () => void (page.checks += 1),
      onHeldForReply: () => void (page.heldNotices += 1),
      setTimeout: (run, ms) => setTimeout(run, ms),
      setInterval: (run, ms) => setInterval(run, ms),
    },
    controlledAtStart,
  );
  return { flow, page };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('service worker update flow', () => {
  it('checks for a new version every 60 s', async () => {
    const { page } = start(true);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(page.checks).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(page.checks).toBe(2);
  });

  it('a check that fails (offline) is tried again at the next interval', async () => {
    let attempts = 0;
    const failing = startUpdateFlow(
      {
        reload: vi.fn(),
        whenIdle: reloadWhenIdle,
        isHeld: isReloadHeld,
        activateWaiting: vi.fn(),
        checkForUpdate: () => {
          attempts += 1;
          return Promise.reject(new TypeError('Failed to fetch'));
        },
        setTimeout: (run, ms) => setTimeout(run, ms),
        setInterval: (run, ms) => setInterval(run, ms),
      },
      true,
    );
    failing.checkNow();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempts).toBe(2);
  });

  it.each([
    ['a page that loaded under the previous worker', true, 0],
    ['a page that loaded before any worker existed, once the first worker claimed it', false, 1],
  ] as const)('%s: a new version activates 2 s after it installed, and the page reloads when it takes over', async (_, controlledAtStart, claims) => {
    const { flow, page } = start(controlledAtStart);
    for (let i = 0; i < claims; i++) flow.controllerChanged();
    expect(page.reloads).toBe(0);
    flow.waiting();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(page.activations).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.activations).toBe(1);
    flow.controllerChanged();
    expect(page.reloads).toBe(1);
    // The worker's update message that follows does not reload a second time.
    flow.message({ type: 'app-updated' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(page.reloads).toBe(1);
  });

  it('a first visit never reloads itself: the first worker claiming the page is not an update, nor is a stray message', async () => {
    const { flow, page } = start(false);
    flow.controllerChanged();
    flow.message({ type: 'app-updated' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(page.reloads).toBe(0);
  });

  it("reloads 1 s after the worker's update message, once", async () => {
    const { flow, page } = start(true);
    flow.message({ type: 'something-else' });
    flow.message(null);
    flow.message({ type: 'app-updated' });
    await vi.advanceTimersByTimeAsync(999);
    expect(page.reloads).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.reloads).toBe(1);
    flow.controllerChanged();
    expect(page.reloads).toBe(1);
  });

  it("a first visit once claimed reloads for the next version's update message too", async () => {
    const { flow, page } = start(false);
    flow.controllerChanged();
    flow.controllerChanged();
    flow.message({ type: 'app-updated' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(page.reloads).toBe(1);
  });

  it('never cuts a streaming reply: the new version activates on time, the reload waits until the reply finished, and the page says why', async () => {
    const { flow, page } = start(true);
    const release = holdReload();
    flow.waiting();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(page.activations).toBe(1);
    flow.controllerChanged();
    flow.message({ type: 'app-updated' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(page.reloads).toBe(0);
    expect(page.heldNotices).toBe(1);
    release();
    expect(page.reloads).toBe(1);
    expect(page.heldNotices).toBe(1);
  });

  it('says nothing when no reply holds the update', async () => {
    const { flow, page } = start(true);
    flow.waiting();
    await vi.advanceTimersByTimeAsync(2_000);
    flow.controllerChanged();
    expect(page.heldNotices).toBe(0);
    expect(page.reloads).toBe(1);
  });
});

describe('app_version', () => {
  it('derives the version from the hashed app chunk name', () => {
    expect(versionFromScriptUrl('https://x.example/assets/app-CLu1fR03.js')).toBe('CLu1fR03');
    expect(versionFromScriptUrl('/main.tsx')).toBeNull();
  });

  it('reads the loaded version from the address of the app the page loads, not from its first script', () => {
    const doc = document.implementation.createHTMLDocument('x');
    doc.body.innerHTML = '<div id="root" data-app="/assets/app-Zy9X8w7V.js"></div>';
    const script = doc.createElement('script');
    script.type = 'module';
    script.src = '/assets/index-B0OtB0ot.js';
    doc.head.append(script);
    expect(loadedAppVersion(doc)).toBe('Zy9X8w7V');
    doc.body.innerHTML = '<div id="root"></div>';
    expect(loadedAppVersion(doc)).toBeNull();
  });

  it('records the loaded version and notices a different stored one', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(recordAppVersion(storage, 'AAAA1111')).toEqual({ changed: false });
    expect(recordAppVersion(storage, 'AAAA1111')).toEqual({ changed: false });
    expect(recordAppVersion(storage, 'BBBB2222')).toEqual({ changed: true });
    expect(store.get('app_version')).toBe('BBBB2222');
  });
});
