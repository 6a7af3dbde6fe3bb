import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { chatSessionPagesQueryOptions, chatSessionsQueryOptions } from '../api/list-chat-sessions.ts';
import { refreshLists } from '../api/history-cache.ts';

/**
 * The conversations the page shows: the list, a page at a time as the user scrolls (its first page
 * says how many exist, for the subtitle and Clear All); a search, when there is one, narrows what is
 * shown, a page of matches at a time as well, and keeps the last answer while the next one loads.
 */
export function useHistoryList(userId: string, query: string) {
  const queryClient = useQueryClient();
  const all = useInfiniteQuery(chatSessionPagesQueryOptions(userId));
  const searched = useInfiniteQuery({ ...chatSessionsQueryOptions(userId, query), enabled: query !== '', placeholderData: keepPreviousData });
  const searching = query !== '';
  const listed = useMemo(() => all.data?.pages.flatMap((page) => page.sessions) ?? [], [all.data]);
  // A conversation that moved up between two pages of a search (it changed meanwhile) is shown once.
  const matched = useMemo(() => {
    const seen = new Set<string>();
    return (searched.data?.pages.flatMap((page) => page.sessions) ?? []).filter((session) => !seen.has(session.id) && seen.add(session.id));
  }, [searched.data]);
  const total = all.data?.pages[0]?.total ?? listed.length;
  const shown = searching ? searched : all;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = shown;
  const lastMatches = searched.data?.pages.at(-1);

  const refresh = useCallback(() => refreshLists(queryClient, userId), [queryClient, userId]);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return {
    sessions: searching ? matched : listed,
    searching,
    isPending: shown.isPending,
    isError: shown.isError,
    isFetching: shown.isFetching,
    retry: shown.refetch,
    refresh,
    /** How many conversations exist (the list's first page says). */
    total: { count: total, more: false },
    hasConversations: total > 0,
    /** A search answers its best matches (HISTORY_SEARCH_LIMIT), all loaded: more matched than it shows. */
    moreMatches: searching && (lastMatches?.hasMore ?? false) && !lastMatches?.nextCursor,
    /**
     * The list has older conversations, or the search weaker matches, not loaded yet: the next page
     * loads when the end of the list comes into view.
     */
    hasOlder: hasNextPage,
    loadingOlder: isFetchingNextPage,
    loadMore,
  };
}
