import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FollowUpsResponse } from '#contract/decisions.ts';
import { api } from '#client/lib/api-client.ts';
import { decisionKeys } from './decisions-cache.ts';

export function listFollowUps(signal?: AbortSignal) {
  return api.get<FollowUpsResponse>('/api/decisions/follow-ups', { signal });
}

/** The server decides the day; read each time the welcome card shows. */
export const followUpsQueryOptions = () => queryOptions({ queryKey: decisionKeys.followUps(), queryFn: ({ signal }) => listFollowUps(signal), staleTime: 0 });

export function useFollowUps(enabled: boolean) {
  return useQuery({ ...followUpsQueryOptions(), enabled });
}
