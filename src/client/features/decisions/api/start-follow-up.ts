import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowUpResponse } from '#contract/decisions.ts';
import { api } from '#client/lib/api-client.ts';
import { invalidateDecisions } from './decisions-cache.ts';

/** A new conversation asking how it went; its reply is being written when this answers. */
export function startFollowUp(id: string) {
  return api.post<FollowUpResponse>(`/api/decisions/${encodeURIComponent(id)}/follow-up`);
}

export function useStartFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startFollowUp, onSuccess: () => invalidateDecisions(queryClient) });
}
