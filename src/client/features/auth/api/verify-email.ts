import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailInput } from '#contract/auth.ts';
import { api } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';

export function verifyEmail(input: VerifyEmailInput) {
  return api.post<{ message: string }>('/api/auth/verify-email', input);
}

/** Follows the mailed link; the signed-in user (if any) is read again, so the banner goes. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: verifyEmail, onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }) });
}
