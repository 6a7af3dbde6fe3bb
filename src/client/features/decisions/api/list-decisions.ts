import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListDecisionsResponse } from '#contract/decisions.ts';
import { api } from '#client/lib/api-client.ts';
import { decisionKeys } from './decisions-cache.ts';

export function listDecisions(signal?: AbortSignal) {
  return api.get<ListDecisionsResponse>('/api/decisions', { signal });
}

export const decisionsQueryOptions = () => queryOptions({ queryKey: decisionKeys.list(), queryFn: ({ signal }) => listDecisions(signal) });

/** Every decision of the account (the panel groups them by status); read while the panel is open. */
export function useDecisions(enabled: boolean) {
  return useQuery({ ...decisionsQueryOptions(), enabled });
}
