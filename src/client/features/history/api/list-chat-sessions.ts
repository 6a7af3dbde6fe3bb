import { queryOptions } from '@tanstack/react-query';
import type { ListChatSessionsResponse } from '#contract/history.ts';
import { api } from '#client/lib/api-client.ts';
import { historyKeys } from './history-cache.ts';

export function listChatSessions(userId: string, q: string, signal?: AbortSignal) {
  const query = q.trim() ? `?q=${encodeURIComponent(q.trim())}` : '';
  return api.get<ListChatSessionsResponse>(`/api/users/${encodeURIComponent(userId)}/chat-sessions${query}`, { signal });
}

/** The list (blank q) or a search; read fresh each time the page opens. */
export const chatSessionsQueryOptions = (userId: string, q: string) =>
  queryOptions({ queryKey: historyKeys.list(userId, q.trim()), queryFn: ({ signal }) => listChatSessions(userId, q, signal), staleTime: 0 });
