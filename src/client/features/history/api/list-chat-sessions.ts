import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ListChatSessionsResponse } from '#contract/history.ts';
import { api } from '#client/lib/api-client.ts';
import { historyKeys } from './history-cache.ts';

export function listChatSessions(userId: string, q: string, signal?: AbortSignal, before?: string | null) {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (before) params.set('before', before);
  const query = params.size ? `?${params}` : '';
  return api.get<ListChatSessionsResponse>(`/api/users/${encodeURIComponent(userId)}/chat-sessions${query}`, { signal });
}

/** A search (its best matches, one answer); read fresh each time the page opens. */
export const chatSessionsQueryOptions = (userId: string, q: string) =>
  queryOptions({ queryKey: historyKeys.list(userId, q.trim()), queryFn: ({ signal }) => listChatSessions(userId, q, signal), staleTime: 0 });

/** The list, newest first, a page at a time (each page starts where the one before ended). */
export const chatSessionPagesQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: historyKeys.pages(userId),
    queryFn: ({ signal, pageParam }) => listChatSessions(userId, '', signal, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
