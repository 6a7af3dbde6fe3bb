import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '#contract/auth.ts';
import { api } from '#client/lib/api-client.ts';

export function resetPassword(input: ResetPasswordInput) {
  return api.post<{ message: string }>('/api/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
