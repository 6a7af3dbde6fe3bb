import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatSessionDto } from '#contract/chat.ts';
import { sidebarText } from '#contract/history-text.ts';
import { notify } from '#client/lib/notify.ts';
import { renameChatSession } from '../api/rename-chat-session.ts';
import { refreshLists, retitleInLists } from '../api/history-cache.ts';

/**
 * Renames one conversation (decision 033): every cached list shows the new title at once, the lists
 * are read again after, and `onRenamed` hands the saved session on (the chat's header shows it). A
 * failure is the caller's to show, next to the title being edited.
 */
export function useRenameConversation(userId: string, { onRenamed }: { onRenamed?: (session: ChatSessionDto) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, title }: { sessionId: string; title: string }) => renameChatSession(sessionId, title),
    onSuccess: (session) => {
      retitleInLists(queryClient, userId, session.id, session.title);
      onRenamed?.(session);
      notify({ ...sidebarText.renamed, variant: 'success' });
    },
    onSettled: () => refreshLists(queryClient, userId),
  });
}
