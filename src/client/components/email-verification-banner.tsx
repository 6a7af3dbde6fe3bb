import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MailCheck } from 'lucide-react';
import { verificationText } from '#contract/auth-text.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { api, ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { currentUserQueryKey, useCurrentUser } from '#client/lib/session.ts';

/**
 * A quiet strip under the header while the signed-in user's address is not verified (decision 017):
 * what to do, and a way to get the link again (the server allows one a minute).
 */
export function EmailVerificationBanner() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const resend = useMutation({ mutationFn: () => api.post<{ message: string }>('/api/auth/resend-verification') });
  const waiting = user !== null && !user.emailVerified;

  // The link is usually opened in another tab: coming back to this one reads the account again.
  useEffect(() => {
    if (!waiting) return;
    const refresh = () => {
      if (document.visibilityState === 'visible') void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    };
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('focus', refresh);
    };
  }, [waiting, queryClient]);

  if (!user || !waiting) return null;

  const onResend = async () => {
    try {
      await resend.mutateAsync();
      notify({ ...verificationText.resent, variant: 'success' });
    } catch (error) {
      notify({ ...verificationText.resendFailed(error instanceof ApiError ? error.message : undefined), variant: 'destructive' });
    }
  };

  return (
    <section aria-label="Email verification" className="border-b bg-secondary/60 text-secondary-foreground">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1.5 px-4 py-2 text-sm sm:px-6">
        <MailCheck className="size-4 shrink-0 text-brand" aria-hidden />
        <p className="min-w-0 flex-1 break-words">{verificationText.banner(user.email)}</p>
        <Button variant="outline" size="sm" className="h-8" onClick={() => void onResend()} disabled={resend.isPending}>
          {resend.isPending ? <Spinner /> : null}
          {verificationText.resend}
        </Button>
      </div>
    </section>
  );
}
