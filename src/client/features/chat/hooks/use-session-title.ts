import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { chatText } from '#contract/chat-text.ts';
import type { ChatMessageDto, ChatSessionDto } from '#contract/chat.ts';
import { shouldGenerateTitle } from '#contract/limits.ts';
import { chatSessionQueryOptions } from '../api/get-chat-session.ts';

/** How long, after a reply that is due a title, the header keeps reading the session for it. */
const TITLE_WATCH_MS = 20_000;
const TITLE_POLL_MS = 1_500;

/**
 * The conversation's title for the header (issue 14, point 7). The server writes a title in the
 * background after a reply that is due one (2 messages, then every third: spec section 4), so when
 * such a reply finishes the session is read again until its title changes or TITLE_WATCH_MS pass.
 */
export function useSessionTitle(sessionId: string | null, session: ChatSessionDto | undefined, messages: readonly ChatMessageDto[], hasMore: boolean, streamingId: string | null): string {
  const [watch, setWatch] = useState<{ from: string; until: number } | null>(null);
  const lastStreaming = useRef<string | null>(null);
  const count = messages.filter((m) => m.role !== 'system').length;
  const title = session?.title;

  useEffect(() => {
    const finished = lastStreaming.current !== null && streamingId === null;
    lastStreaming.current = streamingId;
    if (finished && title !== undefined && (hasMore || shouldGenerateTitle(count))) setWatch({ from: title, until: Date.now() + TITLE_WATCH_MS });
  }, [streamingId, title, count, hasMore]);

  const watching = watch !== null && title === watch.from;
  useQuery({
    ...chatSessionQueryOptions(sessionId ?? ''),
    enabled: !!sessionId && watching,
    refetchInterval: () => (watch && Date.now() < watch.until ? TITLE_POLL_MS : false),
  });

  useEffect(() => {
    if (watch && title !== watch.from) setWatch(null);
  }, [watch, title]);

  return sessionId && title ? title : chatText.newConversationTitle;
}
