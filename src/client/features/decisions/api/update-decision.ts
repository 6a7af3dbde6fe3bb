import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecisionDto, UpdateDecisionInput } from '#contract/decisions.ts';
import { api } from '#client/lib/api-client.ts';
import { invalidateDecisions } from './decisions-cache.ts';

export function updateDecision(id: string, input: UpdateDecisionInput) {
  return api.patch<DecisionDto>(`/api/decisions/${encodeURIComponent(id)}`, input);
}

export function useUpdateDecision() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: ({ id, input }: { id: string; input: UpdateDecisionInput }) => updateDecision(id, input), onSuccess: () => invalidateDecisions(queryClient) });
}
