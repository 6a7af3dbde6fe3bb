import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateFactInput, FactDto, MemoryResponse, MemorySettingsInput, PinnableResponse, PinnedDocumentDto, ProposalsResponse, UpdateFactInput, UpdateProfileInput } from '#contract/memory.ts';
import { api } from '#client/lib/api-client.ts';

/** Query keys of company memory: the URLs they read. */
export const memoryKeys = {
  all: ['/api/memory'] as const,
  page: () => ['/api/memory', 'page'] as const,
  proposals: (sessionId: string) => ['/api/memory', 'proposals', sessionId] as const,
};

export function invalidateMemory(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: memoryKeys.all });
}

/** The profile, the saved facts and the switch (the page, and the welcome card's line). */
export function useMemory(enabled = true) {
  return useQuery({ queryKey: memoryKeys.page(), queryFn: ({ signal }) => api.get<MemoryResponse>('/api/memory', { signal }), enabled });
}

/** The "Remember this?" proposals of a conversation. */
export function useProposals(sessionId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: memoryKeys.proposals(sessionId ?? ''),
    queryFn: ({ signal }) => api.get<ProposalsResponse>(`/api/memory/proposals?sessionId=${encodeURIComponent(sessionId!)}`, { signal }),
    enabled: enabled && sessionId !== null,
  });
}

function useMemoryMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateMemory(queryClient) });
}

export const useUpdateProfile = () => useMemoryMutation((input: UpdateProfileInput) => api.patch<MemoryResponse>('/api/memory/profile', input));
export const useSetPaused = () => useMemoryMutation((input: MemorySettingsInput) => api.patch<MemoryResponse>('/api/memory/settings', input));
export const useCreateFact = () => useMemoryMutation((input: CreateFactInput) => api.post<FactDto>('/api/memory/facts', input));
export const useUpdateFact = () => useMemoryMutation(({ id, input }: { id: string; input: UpdateFactInput }) => api.patch<FactDto>(`/api/memory/facts/${encodeURIComponent(id)}`, input));
export const useDeleteFact = () => useMemoryMutation((id: string) => api.delete<{ deletedId: string }>(`/api/memory/facts/${encodeURIComponent(id)}`));

/** The caller's analysed documents not pinned yet (decision 082): the page's choice. */
export function usePinnable(enabled: boolean) {
  return useQuery({ queryKey: [...memoryKeys.all, 'pinnable'] as const, queryFn: ({ signal }) => api.get<PinnableResponse>('/api/memory/pinnable', { signal }), enabled });
}
export const usePinDocument = () => useMemoryMutation((documentId: string) => api.post<PinnedDocumentDto>('/api/memory/pins', { documentId }));
export const useUnpinDocument = () => useMemoryMutation((documentId: string) => api.delete<{ unpinnedId: string }>(`/api/memory/pins/${encodeURIComponent(documentId)}`));
