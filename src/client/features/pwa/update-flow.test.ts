import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdReload, reloadWhenIdle } from '#client/lib/reload-guard.ts';
import { recordAppVersion, versionFromScriptUrl } from './app-version.ts';
import { startUpdateFlow, type UpdatableWorker } from './update-flow.ts';

type Listener = (event: { isUpdate?: boolean; data?: unknown }) => void;

function fakeWorker() {
  const listeners = new Map<string, Listener[]>();
  const worker = {
    updates: 0,
    skipped: 0,
    addEventListener: (type: string, listener: Listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    update: async () => {
      worker.updates += 1;
    },
    messageSkipWaiting: () => {
      worker.skipped += 1;
    },
    emit: (type: string, event: { isUpdate?: boolean; data?: unknown } = {}) => listeners.get(type)?.forEach((l) => l(event)),
  };
  return worker;
}

function start(worker: UpdatableWorker) {
  const reload = vi.fn();
  startUpdateFlow(worker, { reload, whenIdle: reloadWhenIdle, setTimeout: (run, ms) => setTimeout(run, ms), setInterval: (run, ms) => setInterval(run, ms) });
  return reload;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('service worker update flow', () => {
  it('checks for a new version every 60 s', async () => {
    const worker = fakeWorker();
    start(worker);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(worker.updates).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(worker.updates).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(worker.updates).toBe(2);
  });

  it('activates a newly installed version after 2 s and reloads when it takes control', async () => {
    const worker = fakeWorker();
    const reload = start(worker);
    worker.emit('waiting');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(worker.skipped).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(worker.skipped).toBe(1);
    worker.emit('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads 1 s after the worker's update message, once", async () => {
    const worker = fakeWorker();
    const reload = start(worker);
    worker.emit('message', { data: { type: 'app-updated' } });
    await vi.advanceTimersByTimeAsync(999);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    worker.emit('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never cuts a streaming reply: activation and reload wait until it finished', async () => {
    const worker = fakeWorker();
    const reload = start(worker);
    const release = holdReload();
    worker.emit('waiting');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(worker.skipped).toBe(0);
    release();
    expect(worker.skipped).toBe(1);
    const releaseAgain = holdReload();
    worker.emit('controlling', { isUpdate: true });
    expect(reload).not.toHaveBeenCalled();
    releaseAgain();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('app_version', () => {
  it('derives the version from the hashed entry script name', () => {
    expect(versionFromScriptUrl('https://x.example/assets/index-CLu1fR03.js')).toBe('CLu1fR03');
    expect(versionFromScriptUrl('/main.tsx')).toBeNull();
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
