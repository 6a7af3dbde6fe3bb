import { queryOptions } from '@tanstack/react-query';
import type { RecentSessionsResponse } from '#contract/chat.ts';
import { api } from '#client/lib/api-client.ts';

/** GET /api/chat/recent-sessions (decision 059): the account's most recent conversations, newest first. */
export const recentSessionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['/api/chat/recent-sessions', userId] as const,
    queryFn: ({ signal }) => api.get<RecentSessionsResponse>('/api/chat/recent-sessions', { signal }),
  });
