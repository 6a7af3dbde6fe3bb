import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ChatMessageDto } from '#contract/chat.ts';
import { notify } from '#client/lib/notify.ts';
import { chatKeys, mergeMessages, updateMessage, updateMessages } from '../api/chat-cache.ts';
import { deleteMessage } from '../api/delete-message.ts';
import { retryReply } from '../api/retry-reply.ts';
import { setMessageFeedback } from '../api/set-message-feedback.ts';
import { stopReply } from '../api/stop-reply.ts';
import { isUpgradeError, nextFeedback, type FeedbackAction } from '../logic/chat-rules.ts';
import { splitDemoMarker } from '../logic/demo-marker.ts';

/** What can be done to one message: rate, copy, delete, and stop or retry a reply. Optimistic where the spec says so. */
export function useMessageActions({ sessionId, userId, onUpgrade }: { sessionId: string | null; userId: string; onUpgrade: (reason?: string) => void }) {
  const queryClient = useQueryClient();

  const rate = useCallback(
    async (message: ChatMessageDto, action: FeedbackAction) => {
      if (!sessionId) return;
      const before = { like: message.like, dislike: message.dislike };
      const next = nextFeedback(message, action);
      updateMessage(queryClient, sessionId, message.id, (m) => ({ ...m, ...next }));
      try {
        const saved = await setMessageFeedback(message.id, next);
        updateMessage(queryClient, sessionId, message.id, (m) => ({ ...m, like: saved.like, dislike: saved.dislike }));
      } catch {
        updateMessage(queryClient, sessionId, message.id, (m) => ({ ...m, ...before }));
        notify({ title: 'Feedback failed', description: 'Your rating could not be saved. Please try again.', variant: 'destructive' });
      }
    },
    [queryClient, sessionId],
  );

  const remove = useCallback(
    async (message: ChatMessageDto) => {
      if (!sessionId) return;
      updateMessages(queryClient, sessionId, (list) => list.filter((m) => m.id !== message.id));
      try {
        await deleteMessage(message.id);
      } catch {
        updateMessages(queryClient, sessionId, (list) => mergeMessages(list, [message]));
        notify({ title: 'Delete failed', description: 'The message could not be deleted. Please try again.', variant: 'destructive' });
      }
    },
    [queryClient, sessionId],
  );

  const copy = useCallback(async (message: ChatMessageDto): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(message.role === 'assistant' ? splitDemoMarker(message.content).body : message.content);
      return true;
    } catch {
      notify({ title: 'Copy failed', description: 'The message could not be copied to the clipboard.', variant: 'destructive' });
      return false;
    }
  }, []);

  const stop = useCallback(
    async (message: ChatMessageDto) => {
      if (!sessionId) return;
      try {
        const { message: stopped } = await stopReply(sessionId, message.id);
        updateMessage(queryClient, sessionId, message.id, () => stopped);
      } catch {
        notify({ title: 'Error', description: 'Failed to stop the reply', variant: 'destructive' });
      }
    },
    [queryClient, sessionId],
  );

  const retry = useCallback(
    async (message: ChatMessageDto) => {
      if (!sessionId) return;
      try {
        const { message: restarted } = await retryReply(sessionId, message.id);
        updateMessage(queryClient, sessionId, message.id, () => restarted);
      } catch (error) {
        if (isUpgradeError(error)) onUpgrade((error as Error).message);
        else notify({ title: 'Error', description: 'Failed to retry the reply', variant: 'destructive' });
      } finally {
        void queryClient.invalidateQueries({ queryKey: chatKeys.usage(userId) });
      }
    },
    [onUpgrade, queryClient, sessionId, userId],
  );

  // One stable object, so memoised messages do not re-render while another reply streams.
  return useMemo(() => ({ rate, remove, copy, stop, retry }), [rate, remove, copy, stop, retry]);
}
