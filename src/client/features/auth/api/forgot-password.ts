import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '#contract/auth.ts';
import { api } from '#client/lib/api-client.ts';

export function requestPasswordReset(input: ForgotPasswordInput) {
  return api.post<{ message: string }>('/api/auth/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
