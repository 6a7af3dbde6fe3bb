import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ComponentProps } from 'react';
import { verificationText } from '#contract/auth-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { api, ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';

/**
 * Asks for the verification link again (decision 017; the server allows one a minute) and says how it went.
 * One button for every place that offers it: the banner under the header and the checkout's first step.
 */
export function ResendVerificationButton({ label = verificationText.resend, ...props }: { label?: string } & Omit<ComponentProps<typeof Button>, 'onClick' | 'children' | 'type'>) {
  const resend = useMutation({ mutationFn: () => api.post<{ message: string }>('/api/auth/resend-verification') });
  const onResend = async () => {
    try {
      await resend.mutateAsync();
      notify({ ...verificationText.resent, variant: 'success' });
    } catch (error) {
      notify({ ...verificationText.resendFailed(error instanceof ApiError ? error.message : undefined), variant: 'destructive' });
    }
  };
  return (
    <Button type="button" {...props} onClick={() => void onResend()} disabled={resend.isPending || props.disabled}>
      {resend.isPending ? <Spinner /> : null}
      {label}
    </Button>
  );
}

/**
 * While `waiting` (the address is not verified yet): the link is usually opened in another tab, so coming back
 * to this one (and every `pollMs`, when given) reads the account again.
 */
export function useReadAccountWhileUnverified(waiting: boolean, pollMs?: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!waiting) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    };
    const timer = pollMs ? window.setInterval(refresh, pollMs) : undefined;
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      if (timer !== undefined) window.clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('focus', refresh);
    };
  }, [waiting, pollMs, queryClient]);
}
