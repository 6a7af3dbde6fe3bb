import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, SignUpInput } from '#contract/auth.ts';
import { api } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';

export function signUp(input: SignUpInput) {
  return api.post<{ user: PublicUser }>('/api/auth/signup', input);
}

/** The new user is placed into the cached session straight away. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ user }) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
