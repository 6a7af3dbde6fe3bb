import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '#client/lib/notify.ts';
import { useSpeechRecognition } from './use-speech-recognition.ts';

vi.mock('#client/lib/notify.ts', () => ({ notify: vi.fn() }));

class FakeRecognition {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = true;
  interimResults = true;
  maxAlternatives = 5;
  onresult: ((event: { results: { transcript: string }[][] }) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  start = vi.fn();
  stop = vi.fn(() => this.onend?.());
  abort = vi.fn();
  constructor() {
    FakeRecognition.last = this;
  }
}

describe('useSpeechRecognition', () => {
  afterEach(() => {
    delete (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
    vi.clearAllMocks();
  });

  it('listens for one US English utterance and hands over the final text', () => {
    Object.assign(window, { webkitSpeechRecognition: FakeRecognition });
    const onTranscript = vi.fn();
    const { result } = renderHook(() => useSpeechRecognition(onTranscript));
    act(() => result.current.toggle());
    const recognition = FakeRecognition.last!;
    expect(recognition).toMatchObject({ lang: 'en-US', continuous: false, interimResults: false });
    expect(recognition.start).toHaveBeenCalled();
    expect(result.current.listening).toBe(true);
    act(() => recognition.onresult?.({ results: [[{ transcript: 'grow the margin ' }]] }));
    expect(onTranscript).toHaveBeenCalledWith('grow the margin');
    act(() => recognition.onend?.());
    expect(result.current.listening).toBe(false);
  });

  it('reports a recognition error but not a deliberate stop', () => {
    Object.assign(window, { webkitSpeechRecognition: FakeRecognition });
    const { result } = renderHook(() => useSpeechRecognition(vi.fn()));
    act(() => result.current.toggle());
    act(() => FakeRecognition.last!.onerror?.({ error: 'aborted' }));
    expect(notify).not.toHaveBeenCalled();
    act(() => FakeRecognition.last!.onerror?.({ error: 'network' }));
    expect(notify).toHaveBeenCalledWith({ title: 'Speech Recognition Error', description: 'Unable to recognize speech. Please try again.', variant: 'destructive' });
  });

  it('says so when the browser has no speech recognition', () => {
    const { result } = renderHook(() => useSpeechRecognition(vi.fn()));
    act(() => result.current.toggle());
    expect(notify).toHaveBeenCalledWith({ title: 'Not Supported', description: 'Speech recognition is not supported in this browser.', variant: 'destructive' });
    expect(result.current.listening).toBe(false);
  });
});
