import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '#contract/account.ts';
import { api } from '#client/lib/api-client.ts';

export function deleteAccount(userId: string, input: DeleteAccountInput) {
  return api.post<{ message: string }>(`/api/users/${userId}/delete-account`, input);
}

export function useDeleteAccount(userId: string) {
  return useMutation({ mutationFn: (input: DeleteAccountInput) => deleteAccount(userId, input) });
}
