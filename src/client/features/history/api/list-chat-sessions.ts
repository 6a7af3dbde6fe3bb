import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ListChatSessionsResponse } from '#contract/history.ts';
import { api } from '#client/lib/api-client.ts';
import { historyKeys } from './history-cache.ts';

/** A page of the list (after `cursor`) or of a search's matches (from `cursor`). */
export function listChatSessions(userId: string, q: string, signal?: AbortSignal, cursor?: string | null) {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (cursor) params.set(q.trim() ? 'from' : 'before', cursor);
  const query = params.size ? `?${params}` : '';
  return api.get<ListChatSessionsResponse>(`/api/users/${encodeURIComponent(userId)}/chat-sessions${query}`, { signal });
}

/** A search: its best matches, best first, a page at a time as the user scrolls (decision 041); read fresh each time the page opens. */
export const chatSessionsQueryOptions = (userId: string, q: string) =>
  infiniteQueryOptions({
    queryKey: historyKeys.list(userId, q.trim()),
    queryFn: ({ signal, pageParam }) => listChatSessions(userId, q, signal, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

/** The list, newest first, a page at a time (each page starts where the one before ended). */
export const chatSessionPagesQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: historyKeys.pages(userId),
    queryFn: ({ signal, pageParam }) => listChatSessions(userId, '', signal, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
