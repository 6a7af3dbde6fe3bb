import { describe, expect, it } from 'vitest';
import { loadEarlierStep, messageWindow } from './message-window.ts';

const list = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('messageWindow', () => {
  it('shows everything up to the limit', () => {
    expect(messageWindow(list(3), 0, 5)).toEqual({ visible: [0, 1, 2], hiddenCount: 0 });
  });
  it('shows only the latest messages beyond it', () => {
    expect(messageWindow(list(8), 0, 5)).toEqual({ visible: [3, 4, 5, 6, 7], hiddenCount: 3 });
    expect(messageWindow(list(8), 2, 5)).toEqual({ visible: [1, 2, 3, 4, 5, 6, 7], hiddenCount: 1 });
  });
  it('uses 50 by default', () => {
    expect(messageWindow(list(60), 0).hiddenCount).toBe(10);
  });
});

describe('loadEarlierStep', () => {
  it('reveals loaded messages first, then fetches', () => {
    expect(loadEarlierStep(70, true, 50)).toEqual({ reveal: 50 });
    expect(loadEarlierStep(3, true, 50)).toEqual({ reveal: 3 });
    expect(loadEarlierStep(0, true, 50)).toEqual({ fetch: true });
    expect(loadEarlierStep(0, false, 50)).toBeNull();
  });
});
