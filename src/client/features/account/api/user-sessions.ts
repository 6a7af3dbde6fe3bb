import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserSession } from '#contract/account.ts';
import { api } from '#client/lib/api-client.ts';

export const userSessionsQueryKey = (userId: string) => ['/api/users', userId, 'sessions'] as const;

export const userSessionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userSessionsQueryKey(userId),
    queryFn: ({ signal }) => api.get<{ sessions: UserSession[] }>(`/api/users/${userId}/sessions`, { signal }).then((r) => r.sessions),
    staleTime: 0,
  });

export function useUserSessions(userId: string, enabled: boolean) {
  return useQuery({ ...userSessionsQueryOptions(userId), enabled });
}

export function useEndSession(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.delete<{ message: string }>(`/api/users/${userId}/sessions/${sessionId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userSessionsQueryKey(userId) }),
  });
}
