import { useRef } from 'react';
import type { ChatMessageDto } from '#contract/chat.ts';
import { useMarkdownSettled } from '#client/components/markdown/lazy-markdown.tsx';

/**
 * Replies are drawn by the Markdown renderer, a chunk of its own preloaded when a conversation opens
 * (decision 042). A conversation that opens with replies waits for it (still "Loading conversation"), so
 * they are drawn once, formatted: never plain text first. A transcript already on screen never goes back
 * to waiting: a reply arriving before the renderer (a new conversation on a slow network) shows the
 * typing dots until it is there.
 */
export function useRepliesReady(sessionId: string | null, messages: ChatMessageDto[], sending: boolean): boolean {
  const settled = useMarkdownSettled();
  // The conversation whose transcript has been shown ('' for a new one).
  const shown = useRef<string | null>(null);
  const key = sessionId ?? '';
  const hasReplies = messages.some((m) => m.role === 'assistant' || !!m.roundtableId);
  const ready = settled || !hasReplies || sending || shown.current === key;
  if (ready && (messages.length > 0 || sending)) shown.current = key;
  return ready;
}
