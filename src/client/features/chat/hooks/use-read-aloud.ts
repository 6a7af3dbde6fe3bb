import { useCallback, useEffect, useRef, useState } from 'react';
import { chatText } from '#contract/chat-text.ts';
import { READ_ALOUD_DELAY_MS } from '#contract/limits.ts';
import { notify } from '#client/lib/notify.ts';
import { speechTextFrom } from '../logic/speech-text.ts';

function synthesis(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
}

/**
 * Read-aloud of replies (spec sections 4, 9): off until the header toggle turns it on; a finished
 * reply is spoken 500 ms later at rate 0.9, pitch 1, volume 0.8. Turning it off stops speaking.
 */
export function useReadAloud() {
  const [enabled, setEnabled] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    synthesis()?.cancel();
  }, []);

  useEffect(() => cancel, [cancel]);

  const toggle = useCallback(() => {
    if (enabled) {
      cancel();
      setEnabled(false);
      return;
    }
    if (!synthesis() || typeof SpeechSynthesisUtterance === 'undefined') {
      notify({ ...chatText.readAloudNotSupported, variant: 'destructive' });
      return;
    }
    setEnabled(true);
  }, [cancel, enabled]);

  const speak = useCallback(
    (markdown: string) => {
      const speech = synthesis();
      if (!enabled || !speech) return;
      const text = speechTextFrom(markdown);
      if (!text) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        speech.cancel();
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.rate = 0.9;
        utterance.pitch = 1;
        utterance.volume = 0.8;
        speech.speak(utterance);
      }, READ_ALOUD_DELAY_MS);
    },
    [enabled],
  );

  return { enabled, toggle, speak };
}
