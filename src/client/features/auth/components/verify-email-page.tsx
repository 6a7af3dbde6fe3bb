import { CheckCircle2, CircleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { verificationText } from '#contract/auth.ts';
import { billingText } from '#contract/billing-text.ts';
import { isBillingPeriod } from '#contract/plans.ts';
import { localKeys, readStorage } from '#client/lib/storage-keys.ts';
import { AuthLayout } from '#client/components/layout/auth-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useCurrentUser } from '#client/lib/session.ts';
import { useVerifyEmail } from '../api/verify-email.ts';

/** /verify-email?token=...: the link of the verification e-mail (decision 017). Works signed in or out. */
export default function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const { user } = useCurrentUser();
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development: a token works only once.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  // In the middle of a checkout (decision 057): back to it, with the plan that was chosen.
  const pendingPlan = readStorage('local', localKeys.pendingCheckoutPlan);
  const checkout = user && !user.isPremium && verify.isSuccess && isBillingPeriod(pendingPlan) ? `/checkout?plan=${pendingPlan}` : null;
  const next = user ? { href: '/chat', label: 'Continue to Chat' } : { href: '/signin', label: 'Sign In' };
  const failure = !token ? verificationText.linkMissing : verify.error instanceof ApiError ? verify.error.message : verify.isError ? 'Something went wrong. Please try again.' : null;

  return (
    <AuthLayout>
      <Card>
        {verify.isSuccess ? (
          <CardHeader className="items-center text-center">
            <CheckCircle2 className="size-12 text-success" aria-hidden />
            <CardTitle level={1}>{verificationText.verifiedTitle}</CardTitle>
            <CardDescription>{verificationText.verifiedDescription}</CardDescription>
          </CardHeader>
        ) : failure ? (
          <CardHeader className="items-center text-center">
            <CircleAlert className="size-12 text-destructive" aria-hidden />
            <CardTitle level={1}>{verificationText.failedTitle}</CardTitle>
            <CardDescription role="alert">{failure}</CardDescription>
          </CardHeader>
        ) : (
          <CardHeader className="items-center text-center" aria-busy="true">
            <Spinner className="size-8" />
            <CardTitle level={1}>{verificationText.verifyingTitle}</CardTitle>
          </CardHeader>
        )}
        {verify.isPending || (!verify.isSuccess && !failure) ? null : (
          <CardFooter className="flex-col gap-2">
            {checkout ? (
              <Button asChild className="w-full" size="lg" variant="brand">
                <Link href={checkout}>{billingText.continueToCheckout}</Link>
              </Button>
            ) : null}
            <Button asChild className="w-full" size="lg" variant={checkout ? 'outline' : 'default'}>
              <Link href={next.href}>{next.label}</Link>
            </Button>
          </CardFooter>
        )}
      </Card>
    </AuthLayout>
  );
}
