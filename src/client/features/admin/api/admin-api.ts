import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_STATS_CACHE_MS, type AdminActivityDay, type AdminAuditEntry, type AdminStats, type AdminUpdateUserInput, type AdminUser, type AdminUsers } from '#contract/admin.ts';
import type { PageViewReport } from '#contract/analytics.ts';
import type { RoundtableUsage } from '#contract/roundtable.ts';
import { api } from '#client/lib/api-client.ts';

/** Spec sections 7 and 9: admin stats, cached 5 minutes (Refresh asks the server to count now). */
export const adminStatsQueryOptions = queryOptions({
  queryKey: ['/api/admin/stats'],
  queryFn: ({ signal }) => api.get<AdminStats>('/api/admin/stats', { signal }),
  staleTime: ADMIN_STATS_CACHE_MS,
});

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions);
}

export function useRefreshAdminStats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<AdminStats>('/api/admin/stats?refresh=true'),
    onSuccess: (stats) => {
      queryClient.setQueryData(adminStatsQueryOptions.queryKey, stats);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/admin/activity'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/analytics/page-views'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/roundtables/usage'] }),
      ]);
    },
  });
}

export function useAdminActivity(days: number) {
  return useQuery({
    queryKey: ['/api/admin/activity', days],
    queryFn: ({ signal }) => api.get<{ days: AdminActivityDay[] }>(`/api/admin/activity?days=${days}`, { signal }).then((r) => r.days),
    staleTime: ADMIN_STATS_CACHE_MS,
  });
}

export function useAdminUsers(q: string, page: number) {
  return useQuery({
    queryKey: ['/api/admin/users', q, page],
    queryFn: ({ signal }) => api.get<AdminUsers>(`/api/admin/users?q=${encodeURIComponent(q)}&page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminAuditLog() {
  return useQuery({
    queryKey: ['/api/admin/audit-log'],
    queryFn: ({ signal }) => api.get<{ entries: AdminAuditEntry[] }>('/api/admin/audit-log', { signal }).then((r) => r.entries),
    staleTime: 0,
  });
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminUpdateUserInput }) => api.patch<AdminUser>(`/api/admin/users/${id}`, input),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] });
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/audit-log'] });
      // The account figures are counted live: a VIP granted moves the VIP card too.
      await queryClient.invalidateQueries({ queryKey: adminStatsQueryOptions.queryKey });
    },
  });
}

/** Decision 021's page-view report (counts per UTC day and page), for the same days as the charts. */
export function useAdminPageViews(days: AdminActivityDay[] | undefined) {
  const from = days?.[0]?.day;
  const to = days?.at(-1)?.day;
  return useQuery({
    queryKey: ['/api/admin/analytics/page-views', from, to],
    queryFn: ({ signal }) => api.get<PageViewReport>(`/api/admin/analytics/page-views?from=${from}&to=${to}`, { signal }),
    enabled: Boolean(from && to),
    staleTime: ADMIN_STATS_CACHE_MS,
  });
}

/** Tokens roundtables spent per UTC day (decision 026: every turn records its usage), for the same days as the charts. */
export function useRoundtableUsage(days: number) {
  return useQuery({
    queryKey: ['/api/admin/roundtables/usage', days],
    queryFn: ({ signal }) => api.get<RoundtableUsage>(`/api/admin/roundtables/usage?days=${days}`, { signal }),
    staleTime: ADMIN_STATS_CACHE_MS,
  });
}
