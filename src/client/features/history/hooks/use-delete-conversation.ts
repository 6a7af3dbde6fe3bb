import { useMutation, useQueryClient } from '@tanstack/react-query';
import { historyText } from '#contract/history-text.ts';
import type { ChatSessionListItem } from '#contract/history.ts';
import { notify } from '#client/lib/notify.ts';
import { deleteChatSession } from '../api/delete-chat-session.ts';
import { refreshLists, removeFromLists } from '../api/history-cache.ts';

/** Deletes one conversation: gone from every list at once, the lists read again after; a failure keeps it and says so. */
export function useDeleteConversation(userId: string, { onDeleted }: { onDeleted?: (sessionId: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: ChatSessionListItem) => deleteChatSession(session.id),
    onSuccess: (_result, session) => {
      removeFromLists(queryClient, userId, new Set([session.id]));
      onDeleted?.(session.id);
      notify({ ...historyText.deleted, variant: 'success' });
    },
    onError: () => notify({ ...historyText.deleteFailed, variant: 'destructive' }),
    onSettled: () => refreshLists(queryClient, userId),
  });
}
