import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api-client.ts';
import { invalidateDecisions } from './decisions-cache.ts';

export function deleteDecision(id: string) {
  return api.delete<{ deletedId: string }>(`/api/decisions/${encodeURIComponent(id)}`);
}

export function useDeleteDecision() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDecision, onSuccess: () => invalidateDecisions(queryClient) });
}
