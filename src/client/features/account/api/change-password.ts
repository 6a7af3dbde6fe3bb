import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '#contract/account.ts';
import { api } from '#client/lib/api-client.ts';
import { userSessionsQueryKey } from './user-sessions.ts';

export function changePassword(userId: string, input: ChangePasswordInput) {
  return api.post<{ message: string }>(`/api/users/${userId}/change-password`, input);
}

export function useChangePassword(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => changePassword(userId, input),
    // Every other device was signed out: the list shrinks.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userSessionsQueryKey(userId) }),
  });
}
