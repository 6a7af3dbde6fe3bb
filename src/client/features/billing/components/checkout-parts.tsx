import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { billingText } from '#contract/billing.ts';
import { EmailVerificationBanner } from '#client/components/email-verification-banner.tsx';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { ResendVerificationButton, useReadAccountWhileUnverified } from '#client/components/resend-verification.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/class-names.ts';

/** The checkout page's frame and the panels it shows in turn (checkout-page.tsx decides which). */

export function Shell({ children, showReturn, banner = true }: { children: React.ReactNode; showReturn: boolean; banner?: boolean }) {
  return (
    <div className="font-app-swap flex min-h-dvh flex-col bg-gradient-to-b from-secondary/60 to-background">
      <SiteHeader>
        {showReturn ? (
          <Button asChild variant="ghost" size="sm">
            <Link href="/chat">Return to App</Link>
          </Button>
        ) : null}
      </SiteHeader>
      {banner ? <EmailVerificationBanner /> : null}
      <main id="main" className="flex-1 px-4 py-8 sm:py-12">
        <div className="mx-auto w-full max-w-5xl">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** The current step. A step after the first comes first on phones and takes the focus, so nobody has to look for it. */
export function Panel({ title, children, icon, lead = false }: { title: string; children: React.ReactNode; icon?: React.ReactNode; lead?: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (lead) heading.current?.focus({ preventScroll: false });
  }, [lead]);
  return (
    <section className={cn('rounded-2xl border bg-card p-5 shadow-sm sm:p-7', lead && 'order-first md:order-none')} aria-labelledby="checkout-panel-title">
      <h2 id="checkout-panel-title" ref={heading} tabIndex={-1} className="mb-5 flex items-center gap-2 text-lg font-semibold outline-none">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A plain message in place of the form: no payments on this server, already Premium, a failed load. */
export function Notice({ title, body, action }: { title: string; body: string; action: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-lg rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-8" role="status">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="mt-3 text-sm text-muted-foreground">{body}</p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">{action}</div>
    </div>
  );
}

/** How often the page looks again while it waits for the address to be verified (the link opens in another tab). */
const VERIFICATION_POLL_MS = 5000;

/**
 * In place of the billing address while the address is not verified (decision 057): what is needed, before
 * anything is typed; a way to get the link again; and the page carries on by itself once it is followed.
 */
export function VerifyFirst({ email }: { email: string }) {
  useReadAccountWhileUnverified(true, VERIFICATION_POLL_MS);

  return (
    <section className="rounded-2xl border border-brand/40 bg-card p-5 shadow-sm sm:p-7" aria-labelledby="checkout-verify-title" role="region">
      <h2 id="checkout-verify-title" className="flex items-center gap-2 text-lg font-semibold">
        <MailCheck className="size-5 text-brand" aria-hidden />
        {billingText.verifyFirstTitle}
      </h2>
      <p className="mt-3 text-sm text-muted-foreground">{billingText.verifyFirstBody(email)}</p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
        <ResendVerificationButton variant="brand" label={billingText.verifyFirstResend} />
        <p className="flex items-center gap-2 text-xs text-muted-foreground" aria-live="polite">
          <Spinner /> {billingText.verifyFirstWaiting}
        </p>
      </div>
    </section>
  );
}
