import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { chatSessionPagesQueryOptions, chatSessionsQueryOptions } from '../api/list-chat-sessions.ts';
import { refreshLists } from '../api/history-cache.ts';

/**
 * The conversations the page shows: the list, a page at a time as the user scrolls (its first page
 * says how many exist, for the subtitle and Clear All); a search, when there is one, narrows what is
 * shown and keeps the last answer while the next one loads.
 */
export function useHistoryList(userId: string, query: string) {
  const queryClient = useQueryClient();
  const all = useInfiniteQuery(chatSessionPagesQueryOptions(userId));
  const searched = useQuery({ ...chatSessionsQueryOptions(userId, query), enabled: query !== '', placeholderData: keepPreviousData });
  const searching = query !== '';
  const listed = useMemo(() => all.data?.pages.flatMap((page) => page.sessions) ?? [], [all.data]);
  const total = all.data?.pages[0]?.total ?? listed.length;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = all;

  const refresh = useCallback(() => refreshLists(queryClient, userId), [queryClient, userId]);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const shown = searching ? searched : all;
  return {
    sessions: searching ? (searched.data?.sessions ?? []) : listed,
    searching,
    isPending: shown.isPending,
    isError: shown.isError,
    isFetching: shown.isFetching,
    retry: shown.refetch,
    refresh,
    /** How many conversations exist (the list's first page says). */
    total: { count: total, more: false },
    hasConversations: total > 0,
    /** A search answers its best matches: more matched than it shows. */
    moreMatches: searching && (searched.data?.hasMore ?? false),
    /** The list has older conversations not loaded yet: the next page loads when the end of the list comes into view. */
    hasOlder: !searching && hasNextPage,
    loadingOlder: !searching && isFetchingNextPage,
    loadMore,
  };
}
