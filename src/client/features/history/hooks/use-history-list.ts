import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { chatSessionsQueryOptions } from '../api/list-chat-sessions.ts';
import { refreshLists } from '../api/history-cache.ts';

/**
 * The conversations the page shows: the whole list says whether any exist (and how many Clear All
 * removes); a search, when there is one, narrows what is shown and keeps the last answer while the
 * next one loads.
 */
export function useHistoryList(userId: string, query: string) {
  const queryClient = useQueryClient();
  const all = useQuery(chatSessionsQueryOptions(userId, ''));
  const searched = useQuery({ ...chatSessionsQueryOptions(userId, query), enabled: query !== '', placeholderData: keepPreviousData });
  const searching = query !== '';
  const shown = searching ? searched : all;
  const total = all.data?.sessions.length ?? 0;

  const refresh = useCallback(() => refreshLists(queryClient, userId), [queryClient, userId]);

  return {
    sessions: shown.data?.sessions ?? [],
    searching,
    isPending: shown.isPending,
    isError: shown.isError,
    isFetching: shown.isFetching,
    retry: shown.refetch,
    refresh,
    /** How many conversations exist, as far as the list knows ("1000+" when it says more exist). */
    total: { count: total, more: all.data?.hasMore ?? false },
    hasConversations: total > 0,
    /** A search answers its best matches: more matched than it shows. */
    moreMatches: searching && (searched.data?.hasMore ?? false),
    /** The list answers the newest conversations: older ones exist that it does not show. */
    olderNotShown: !searching && (all.data?.hasMore ?? false),
  };
}
