import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { chatText } from '#contract/chat-text.ts';
import type { ChatMessageDto } from '#contract/chat.ts';
import { errorCodeOf } from '#client/lib/api-client.ts';
import { startLoadingMarkdown } from '#client/components/markdown/lazy-markdown.tsx';
import { notify } from '#client/lib/notify.ts';
import { transcriptModule } from '../components/transcript-module.ts';
import { chatSessionQueryOptions } from '../api/get-chat-session.ts';
import { messagesQueryOptions } from '../api/list-messages.ts';

/** The conversation is gone (or never was: someone else's, deleted, or a malformed id in the URL). */
export function isConversationMissing(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === 'not_found:chat_session' || code === 'bad_request:validation';
}

/**
 * The conversation in the URL, read from the server: its session and latest messages, the reply
 * still being written, loading and error states. One that cannot be found is announced (spec
 * section 8) and a new one starts.
 */
export function useConversationData(sessionId: string | null, startNewConversation: () => void) {
  const sessionQuery = useQuery({ ...chatSessionQueryOptions(sessionId ?? ''), enabled: !!sessionId });
  const messagesQuery = useQuery({ ...messagesQueryOptions(sessionId ?? ''), enabled: !!sessionId });

  // The transcript and the Markdown its replies are drawn with are chunks of their own (decision 042): asked
  // for as soon as the screen knows which conversation it opens (while rendering, before the messages are
  // asked for), so they are there when the messages are. A new conversation asks for them when the message
  // box is used (prepare-reply.ts): the empty screen shows neither.
  if (sessionId) {
    startLoadingMarkdown();
    transcriptModule.preload();
  }

  const missing = !!sessionId && (isConversationMissing(sessionQuery.error) || isConversationMissing(messagesQuery.error));
  useEffect(() => {
    if (!missing) return;
    notify({ ...chatText.conversationNotFound, variant: 'destructive' });
    startNewConversation();
  }, [missing, startNewConversation]);

  const loaded = messagesQuery.data?.messages;
  const messages: ChatMessageDto[] = useMemo(() => (sessionId && loaded ? loaded : []), [sessionId, loaded]);
  const streaming = messages.findLast((m) => m.role === 'assistant' && m.status === 'streaming') ?? null;

  const { refetch: refetchSession } = sessionQuery;
  const { refetch: refetchMessages } = messagesQuery;
  const reload = useCallback(() => {
    void refetchSession();
    void refetchMessages();
  }, [refetchSession, refetchMessages]);

  return {
    session: sessionId ? sessionQuery.data : undefined,
    messages,
    hasMore: messagesQuery.data?.hasMore ?? false,
    streaming,
    loading: !!sessionId && !missing && (sessionQuery.isPending || messagesQuery.isPending),
    loadError: !!sessionId && !missing && (sessionQuery.isError || messagesQuery.isError),
    reload,
  };
}
