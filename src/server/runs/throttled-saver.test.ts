import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottledSaver } from './throttled-saver.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function saverWith(answer: () => Promise<boolean>) {
  const saved: string[] = [];
  const gone = vi.fn();
  const errors: unknown[] = [];
  const saver = createThrottledSaver({
    intervalMs: 250,
    save: async (text) => {
      saved.push(text);
      return answer();
    },
    onGone: gone,
    onError: (err) => errors.push(err),
  });
  return { saver, saved, gone, errors };
}

describe('createThrottledSaver', () => {
  it('saves the newest text at most once per interval (the first one interval after the start)', async () => {
    const { saver, saved } = saverWith(async () => true);
    saver.update('a');
    saver.update('ab');
    await vi.advanceTimersByTimeAsync(249);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual(['ab']);
    saver.update('abc');
    saver.update('abcd');
    await vi.advanceTimersByTimeAsync(249);
    expect(saved).toEqual(['ab']);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual(['ab', 'abcd']);
  });

  it('settle() drops a save not begun and waits for the one under way', async () => {
    let finish!: (value: boolean) => void;
    const { saver, saved } = saverWith(() => new Promise((resolve) => (finish = resolve)));
    saver.update('one');
    await vi.advanceTimersByTimeAsync(250);
    saver.update('one two');
    let settled = false;
    const settling = saver.settle().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(settled).toBe(false);
    finish(true);
    await settling;
    expect(saved).toEqual(['one']);
  });

  it('says when the row no longer wants saves (stopped elsewhere), and reports failures without throwing', async () => {
    const answers = [() => Promise.reject(new Error('db down')), () => Promise.resolve(false)];
    const { saver, gone, errors } = saverWith(() => answers.shift()!());
    saver.update('x');
    await vi.advanceTimersByTimeAsync(250);
    expect(errors).toHaveLength(1);
    expect(gone).not.toHaveBeenCalled();
    saver.update('xy');
    await vi.advanceTimersByTimeAsync(250);
    expect(gone).toHaveBeenCalledTimes(1);
  });
});
