import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { useReadAloud } from './use-read-aloud.ts';

vi.mock('#client/lib/notify.ts', () => ({ notify: vi.fn() }));

class FakeUtterance {
  rate = 1;
  pitch = 1;
  volume = 1;
  constructor(readonly text: string) {}
}

describe('useReadAloud', () => {
  const speech = { speak: vi.fn(), cancel: vi.fn() };
  beforeEach(() => {
    vi.useFakeTimers();
    Object.assign(window, { speechSynthesis: speech });
    vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (window as { speechSynthesis?: unknown }).speechSynthesis;
    vi.clearAllMocks();
  });

  it('is off until toggled on, then speaks a finished reply 500 ms later at the set rate, pitch and volume', () => {
    const { result } = renderHook(() => useReadAloud());
    act(() => result.current.speak('Ignored while off'));
    vi.advanceTimersByTime(1000);
    expect(speech.speak).not.toHaveBeenCalled();

    act(() => result.current.toggle());
    act(() => result.current.speak('> *Demo mode: offline.*\n\n**Grow** carefully'));
    vi.advanceTimersByTime(499);
    expect(speech.speak).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    const utterance = speech.speak.mock.calls[0]![0] as FakeUtterance;
    expect(utterance).toMatchObject({ text: 'Grow carefully.', rate: 0.9, pitch: 1, volume: 0.8 });
  });

  it('turning it off cancels speech', () => {
    const { result } = renderHook(() => useReadAloud());
    act(() => result.current.toggle());
    act(() => result.current.toggle());
    expect(result.current.enabled).toBe(false);
    expect(speech.cancel).toHaveBeenCalled();
  });

  it('says so when the browser cannot speak', () => {
    delete (window as { speechSynthesis?: unknown }).speechSynthesis;
    const { result } = renderHook(() => useReadAloud());
    act(() => result.current.toggle());
    expect(result.current.enabled).toBe(false);
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'Audio Not Supported' }));
  });
});
