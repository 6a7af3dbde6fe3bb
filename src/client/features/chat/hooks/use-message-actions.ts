import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { chatText } from '#contract/chat-text.ts';
import type { ChatMessageDto } from '#contract/chat.ts';
import { notify } from '#client/lib/notify.ts';
import { chatKeys, mergeMessages, readMessages, updateMessage, updateMessages } from '../api/chat-cache.ts';
import { deleteMessage } from '../api/delete-message.ts';
import { askAnotherExecutive } from '../api/ask-another-executive.ts';
import { regenerateReply } from '../api/regenerate-reply.ts';
import { retryReply } from '../api/retry-reply.ts';
import { setMessageFeedback } from '../api/set-message-feedback.ts';
import { stopReply } from '../api/stop-reply.ts';
import type { MessageHandlers } from '../components/message-actions.tsx';
import { messagesDeletedWith, nextFeedback, type Feedback, type FeedbackAction } from '../logic/chat-rules.ts';
import { splitDemoMarker } from '#contract/demo-marker.ts';
import { writeRichText } from '../logic/rich-copy.ts';
import { notifyFailure, type ShowUpgrade } from '../notify-failure.ts';

/**
 * What can be done to one message: rate, copy, delete, and stop or retry a reply. Each change is a
 * mutation of the cached transcript; rating and deleting show at once and are put back (with the
 * spec's notice) when the server refuses.
 */
export function useMessageActions({ sessionId, userId, onUpgrade }: { sessionId: string | null; userId: string; onUpgrade: ShowUpgrade }): MessageHandlers & {
  /** Deletes a message (a question with its reply) and answers whether it went: edit-and-resend waits for it. */
  removeNow: (message: ChatMessageDto) => Promise<boolean>;
  /** Asks the reply's question again of another executive (Premium). */
  askAnother: (message: ChatMessageDto, executiveRole: string) => void;
} {
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

  const { mutate: removeMessage, mutateAsync: removeMessageAsync } = useMutation({
    mutationFn: ({ message }: { sessionId: string; message: ChatMessageDto }) => deleteMessage(message.id),
    // A question goes with its reply at once; what went is put back if the server refuses.
    onMutate: ({ sessionId: id, message }) => {
      const list = readMessages(queryClient, id);
      const going = new Set(messagesDeletedWith(list, message));
      updateMessages(queryClient, id, (current) => current.filter((m) => !going.has(m.id)));
      return { removed: list.filter((m) => going.has(m.id)) };
    },
    onSuccess: ({ deletedIds }, { sessionId: id }) => {
      const gone = new Set(deletedIds);
      updateMessages(queryClient, id, (list) => list.filter((m) => !gone.has(m.id)));
    },
    onError: (_error, { sessionId: id, message }, context) => {
      updateMessages(queryClient, id, (list) => mergeMessages(list, context?.removed ?? [message]));
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

  const { mutate: regenerateMessage } = useMutation({
    mutationFn: ({ sessionId: id, message }: { sessionId: string; message: ChatMessageDto }) => regenerateReply(id, message.id),
    onSuccess: ({ message: restarted }, { sessionId: id }) => updateMessage(queryClient, id, restarted.id, () => restarted),
    onError: (error) => notifyFailure(error, chatText.regenerateFailed, onUpgrade),
    // A new reply counts as an interaction on the free plan (the server decides; a refused one does not).
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.usage(userId) }),
  });

  const { mutate: askAnotherMessage } = useMutation({
    mutationFn: ({ sessionId: id, message, executiveRole }: { sessionId: string; message: ChatMessageDto; executiveRole: string }) => askAnotherExecutive(id, message.id, executiveRole),
    onSuccess: (sent, { sessionId: id }) => {
      // A one-off (decision 060): the conversation keeps its executive, so the selectors stay.
      updateMessages(queryClient, id, (list) => mergeMessages(list, [sent.systemMessage, sent.userMessage, sent.assistantMessage]));
    },
    onError: (error) => notifyFailure(error, chatText.secondOpinion.failed, onUpgrade),
  });

  const copy = useCallback(async (message: ChatMessageDto): Promise<boolean> => {
    try {
      // A reply goes on the clipboard formatted (HTML) and as clean text, never as raw Markdown (issue 14, defect 10).
      if (message.role === 'assistant') {
        const body = splitDemoMarker(message.content).body;
        await writeRichText(import('../logic/reply-rich-copy.ts').then(({ markdownToRichText }) => markdownToRichText(body)));
      } else {
        await navigator.clipboard.writeText(message.content);
      }
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
      regenerate: on(regenerateMessage),
      askAnother: (message: ChatMessageDto, executiveRole: string) => {
        if (sessionId) askAnotherMessage({ sessionId, message, executiveRole });
      },
      copy,
      removeNow: async (message: ChatMessageDto) => {
        if (!sessionId) return false;
        try {
          await removeMessageAsync({ sessionId, message });
          return true;
        } catch {
          return false;
        }
      },
    };
  }, [askAnotherMessage, copy, rateMessage, regenerateMessage, removeMessage, removeMessageAsync, retryMessage, sessionId, stopMessage]);
}
