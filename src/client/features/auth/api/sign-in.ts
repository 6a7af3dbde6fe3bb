import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, SignInInput } from '#contract/auth.ts';
import { api } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';

export function signIn(input: SignInInput) {
  return api.post<{ user: PublicUser }>('/api/auth/signin', input);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
