import { useMutation, useQueryClient } from '@tanstack/react-query';
import { historyText } from '#contract/history-text.ts';
import { notify } from '#client/lib/notify.ts';
import { deleteAllChatSessions } from '../api/delete-all-chat-sessions.ts';
import { refreshLists, removeFromLists } from '../api/history-cache.ts';

/** Clear All: one call deletes every conversation on the server (listed or not) and answers how many went. */
export function useDeleteAllConversations(userId: string, { onDeleted }: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAllChatSessions(userId),
    onSuccess: ({ deletedCount }) => {
      removeFromLists(queryClient, userId, 'all');
      onDeleted?.();
      notify({ ...historyText.allDeleted(deletedCount), variant: 'success' });
    },
    onError: () => notify({ ...historyText.deleteAllFailed, variant: 'destructive' }),
    onSettled: () => refreshLists(queryClient, userId),
  });
}
