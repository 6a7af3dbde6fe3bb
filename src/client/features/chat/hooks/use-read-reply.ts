import { useSyncExternalStore } from 'react';
import { chatText } from '#contract/chat-text.ts';
import { notify } from '#client/lib/notify.ts';
import { speechTextFrom } from '../logic/speech-text.ts';

/**
 * "Read aloud" on one reply (issue 29, point 17): speaks that reply now, with the same voice settings as
 * the header's read-aloud (spec section 9: rate 0.9, pitch 1, volume 0.8); pressed again ("Stop reading"),
 * or on another reply, it stops. Which reply is being read is a small store of its own, so the
 * transcript's memoised rows do not re-render when it changes: only the two buttons concerned do.
 */
let readingId: string | null = null;
const listeners = new Set<() => void>();

function setReading(id: string | null): void {
  if (readingId === id) return;
  readingId = id;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function synthesis(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
}

/** Whether this reply is being read aloud now. */
export function useIsReading(messageId: string): boolean {
  return useSyncExternalStore(subscribe, () => readingId === messageId, () => false);
}

/** Stops whatever reply is being read (leaving the conversation, say). */
export function stopReading(): void {
  if (readingId === null) return;
  setReading(null);
  synthesis()?.cancel();
}

/** Starts reading a reply, or stops it when it is the one being read. */
export function toggleReading(message: { id: string; content: string }): void {
  const speech = synthesis();
  if (!speech || typeof SpeechSynthesisUtterance === 'undefined') {
    notify({ ...chatText.readAloudNotSupported, variant: 'destructive' });
    return;
  }
  if (readingId === message.id) {
    stopReading();
    return;
  }
  speech.cancel();
  const text = speechTextFrom(message.content);
  if (!text) return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.rate = 0.9;
  utterance.pitch = 1;
  utterance.volume = 0.8;
  // Only this utterance's end clears the state: a cancelled one ends after the next one started.
  const done = () => {
    if (readingId === message.id) setReading(null);
  };
  utterance.onend = done;
  utterance.onerror = done;
  setReading(message.id);
  speech.speak(utterance);
}
