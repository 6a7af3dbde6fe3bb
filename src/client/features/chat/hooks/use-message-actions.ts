import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { chatText, type ChatMessageDto } from '#contract/chat.ts';
import { notify } from '#client/lib/notify.ts';
import { chatKeys, mergeMessages, updateMessage, updateMessages } from '../api/chat-cache.ts';
import { deleteMessage } from '../api/delete-message.ts';
import { retryReply } from '../api/retry-reply.ts';
import { setMessageFeedback } from '../api/set-message-feedback.ts';
import { stopReply } from '../api/stop-reply.ts';
import type { MessageHandlers } from '../components/message-actions.tsx';
import { nextFeedback, type Feedback, type FeedbackAction } from '../logic/chat-rules.ts';
import { splitDemoMarker } from '../logic/demo-marker.ts';
import { notifyFailure, type ShowUpgrade } from '../notify-failure.ts';

/**
 * What can be done to one message: rate, copy, delete, and stop or retry a reply. Each change is a
 * mutation of the cached transcript; rating and deleting show at once and are put back (with the
 * spec's notice) when the server refuses.
 */
export function useMessageActions({ sessionId, userId, onUpgrade }: { sessionId: string | null; userId: string; onUpgrade: ShowUpgrade }): MessageHandlers {
  const queryClient = useQueryClient();

  const { mutate: rateMessage } = useMutation({
    mutationFn: ({ message, next }: { sessionId: string; message: ChatMessageDto; next: Feedback }) => setMessageFeedback(message.id, next),
    onMutate: ({ sessionId: id, message, next }) => updateMessage(queryClient, id, message.id, (m) => ({ ...m, ...next })),
    onSuccess: (saved, { sessionId: id, message }) => updateMessage(queryClient, id, message.id, (m) => ({ ...m, like: saved.like, dislike: saved.dislike })),
    onError: (_error, { sessionId: id, message }) => {
      updateMessage(queryClient, id, message.id, (m) => ({ ...m, like: message.like, dislike: message.dislike }));
      notify({ ...chatText.feedbackFailed, variant: 'destructive' });
    },
  });

  const { mutate: removeMessage } = useMutation({
    mutationFn: ({ message }: { sessionId: string; message: ChatMessageDto }) => deleteMessage(message.id),
    onMutate: ({ sessionId: id, message }) => updateMessages(queryClient, id, (list) => list.filter((m) => m.id !== message.id)),
    onError: (_error, { sessionId: id, message }) => {
      updateMessages(queryClient, id, (list) => mergeMessages(list, [message]));
      notify({ ...chatText.deleteFailed, variant: 'destructive' });
    },
  });

  const { mutate: stopMessage } = useMutation({
    mutationFn: ({ sessionId: id, message }: { sessionId: string; message: ChatMessageDto }) => stopReply(id, message.id),
    onSuccess: ({ message: stopped }, { sessionId: id }) => updateMessage(queryClient, id, stopped.id, () => stopped),
    onError: () => notify({ ...chatText.stopFailed, variant: 'destructive' }),
  });

  const { mutate: retryMessage } = useMutation({
    mutationFn: ({ sessionId: id, message }: { sessionId: string; message: ChatMessageDto }) => retryReply(id, message.id),
    onSuccess: ({ message: restarted }, { sessionId: id }) => updateMessage(queryClient, id, restarted.id, () => restarted),
    onError: (error) => notifyFailure(error, chatText.retryFailed, onUpgrade),
    // A retry counts as an interaction (and a refused one may not).
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.usage(userId) }),
  });

  const copy = useCallback(async (message: ChatMessageDto): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(message.role === 'assistant' ? splitDemoMarker(message.content).body : message.content);
      return true;
    } catch {
      notify({ ...chatText.copyFailed, variant: 'destructive' });
      return false;
    }
  }, []);

  // One stable object, so memoised messages do not re-render while another reply streams.
  return useMemo(() => {
    const on = (run: (input: { sessionId: string; message: ChatMessageDto }) => void) => (message: ChatMessageDto) => {
      if (sessionId) run({ sessionId, message });
    };
    return {
      rate: (message: ChatMessageDto, action: FeedbackAction) => {
        if (sessionId) rateMessage({ sessionId, message, next: nextFeedback(message, action) });
      },
      remove: on(removeMessage),
      stop: on(stopMessage),
      retry: on(retryMessage),
      copy,
    };
  }, [copy, rateMessage, removeMessage, retryMessage, sessionId, stopMessage]);
}
