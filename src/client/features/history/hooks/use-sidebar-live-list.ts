import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { chatText } from '#contract/chat-text.ts';
import { isListed, refreshLists, retitleInLists } from '../api/history-cache.ts';

/**
 * Keeps the sidebar's list in step with the chat (decision 033): a conversation not listed yet (just
 * created by its first message) makes the list be read again; so does the end of a reply (the
 * conversation moves to the top, its count grows); a title the header receives (generated after a
 * reply) is written into the cached list at once. Nothing is asked for when `enabled` is false.
 */
export function useSidebarLiveList({ userId, sessionId, title, replying, enabled }: { userId: string; sessionId: string | null; title: string; replying: boolean; enabled: boolean }) {
  const queryClient = useQueryClient();
  const wasReplying = useRef(replying);

  useEffect(() => {
    if (enabled && sessionId && isListed(queryClient, userId, sessionId) === false) void refreshLists(queryClient, userId);
  }, [enabled, sessionId, queryClient, userId]);

  useEffect(() => {
    const ended = wasReplying.current && !replying;
    wasReplying.current = replying;
    if (enabled && ended) void refreshLists(queryClient, userId);
  }, [enabled, replying, queryClient, userId]);

  useEffect(() => {
    if (enabled && sessionId && title !== chatText.newConversationTitle) retitleInLists(queryClient, userId, sessionId, title);
  }, [enabled, sessionId, title, queryClient, userId]);
}
