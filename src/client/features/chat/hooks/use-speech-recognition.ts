import { useCallback, useEffect, useRef, useState } from 'react';
import { chatText } from '#contract/chat-text.ts';
import { notify } from '#client/lib/notify.ts';

// The Web Speech API is not in TypeScript's DOM library yet: the little of it used here.
interface RecognitionResultEvent {
  results: ArrayLike<ArrayLike<{ transcript: string }>>;
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/**
 * Voice input (spec section 7): one utterance in US English, final results only, handed to
 * `onTranscript` (the composer appends it to the draft).
 */
export function useSpeechRecognition(onTranscript: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const transcriptHandler = useRef(onTranscript);
  useEffect(() => {
    transcriptHandler.current = onTranscript;
  }, [onTranscript]);

  useEffect(() => () => recognition.current?.abort(), []);

  const toggle = useCallback(() => {
    if (recognition.current) {
      recognition.current.stop();
      return;
    }
    const Constructor = recognitionConstructor();
    if (!Constructor) {
      notify({ ...chatText.speechNotSupported, variant: 'destructive' });
      return;
    }
    const instance = new Constructor();
    instance.lang = 'en-US';
    instance.continuous = false;
    instance.interimResults = false;
    instance.maxAlternatives = 1;
    instance.onresult = (event) => {
      const text = Array.from(event.results)
        .map((result) => result[0]?.transcript ?? '')
        .join(' ')
        .trim();
      if (text) transcriptHandler.current(text);
    };
    instance.onerror = (event) => {
      // Stopping on purpose, or silence, is not a failure worth a notice.
      if (event.error === 'aborted' || event.error === 'no-speech') return;
      notify({ ...chatText.speechFailed, variant: 'destructive' });
    };
    instance.onend = () => {
      recognition.current = null;
      setListening(false);
    };
    try {
      instance.start();
      recognition.current = instance;
      setListening(true);
    } catch {
      notify({ ...chatText.speechFailed, variant: 'destructive' });
    }
  }, []);

  return { listening, toggle };
}
