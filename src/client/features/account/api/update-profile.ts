import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileInput } from '#contract/account.ts';
import type { PublicUser } from '#contract/auth.ts';
import { api } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';

export function updateProfile(userId: string, input: UpdateProfileInput) {
  return api.patch<PublicUser>(`/api/users/${userId}`, input);
}

/** Spec section 7: the cached session is refreshed after a profile update. */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => updateProfile(userId, input),
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
    onSettled: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
