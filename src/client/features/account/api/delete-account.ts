import { useMutation } from '@tanstack/react-query';
import { api } from '#client/lib/api-client.ts';

export function deleteAccount(userId: string, deletionReason: string) {
  return api.post<{ message: string }>(`/api/users/${userId}/delete-account`, { deletionReason });
}

export function useDeleteAccount(userId: string) {
  return useMutation({ mutationFn: (deletionReason: string) => deleteAccount(userId, deletionReason) });
}
