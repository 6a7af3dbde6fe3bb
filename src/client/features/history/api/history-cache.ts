import type { QueryClient } from '@tanstack/react-query';
import type { ListChatSessionsResponse } from '#contract/history.ts';

/** Query keys of the history feature: under '/api/users' so a sign-out clears them. */
export const historyKeys = {
  all: (userId: string) => ['/api/users', userId, 'chat-sessions'] as const,
  list: (userId: string, q: string) => ['/api/users', userId, 'chat-sessions', q] as const,
};

/** Drops conversations from every cached list and search of the user, so they vanish before the lists are read again. */
export function removeFromLists(queryClient: QueryClient, userId: string, sessionIds: ReadonlySet<string> | 'all'): void {
  queryClient.setQueriesData<ListChatSessionsResponse>({ queryKey: historyKeys.all(userId) }, (current) => {
    if (!current) return current;
    if (sessionIds === 'all') return { sessions: [], hasMore: false };
    return { ...current, sessions: current.sessions.filter((s) => !sessionIds.has(s.id)) };
  });
}

/** Reads every list and search of the user again. */
export function refreshLists(queryClient: QueryClient, userId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: historyKeys.all(userId) });
}
