import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDecisionInput, DecisionDto } from '#contract/decisions.ts';
import { api } from '#client/lib/api-client.ts';
import { invalidateDecisions } from './decisions-cache.ts';

export function createDecision(input: CreateDecisionInput) {
  return api.post<DecisionDto>('/api/decisions', input);
}

export function useCreateDecision() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDecision, onSuccess: () => invalidateDecisions(queryClient) });
}
