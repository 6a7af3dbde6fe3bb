import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CreditCard, Crown, MailCheck } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { billingText, type BillingAddressInput, type CreateSubscriptionResponse } from '#contract/billing.ts';
import { isBillingPeriod, type BillingPeriod } from '#contract/plans.ts';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ResendVerificationButton, useReadAccountWhileUnverified } from '#client/components/resend-verification.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/class-names.ts';
import { clientConfig } from '#client/config.ts';
import { api, ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { currentUserQueryKey, useCurrentUser } from '#client/lib/session.ts';
import { localKeys, readStorage, sessionKeys, writeStorage } from '#client/lib/storage-keys.ts';
import { useCreateSubscription } from '../api/create-subscription.ts';
import { cancelIncompleteSubscription } from '../api/cancel-incomplete-subscription.ts';
import { useStripeConfig } from '../api/get-stripe-config.ts';
import { subscriptionInfoQueryKey } from '../api/get-subscription-info.ts';
import { loadStripeFor } from '../logic/load-stripe.ts';
import { AddressForm, emptyAddress } from './address-form.tsx';
import { PAYMENT_RETURN_PATH, PaymentStep } from './payment-step.tsx';
import { PlanChooser, PremiumFeatureList } from './plan-chooser.tsx';
import { EmailVerificationBanner } from '#client/components/email-verification-banner.tsx';

/** Spec section 9: the page moves on to /chat 1.5 s after the payment went through. */
export const AFTER_PAYMENT_DELAY_MS = 1500;

/**
 * Spec section 4: the checkout plan is the stored checkoutPlan, else signupPlan, else monthly. Before them, the
 * plan in the address (/checkout?plan=yearly, where the verify page sends someone back), and after them the
 * plan of a checkout left unpaid in another tab (decision 057): a new tab starts with no session storage.
 */
function storedPlan(): BillingPeriod {
  const inUrl = new URLSearchParams(window.location.search).get('plan');
  if (isBillingPeriod(inUrl)) return inUrl;
  const checkout = readStorage('session', sessionKeys.checkoutPlan);
  if (isBillingPeriod(checkout)) return checkout;
  const signup = readStorage('session', sessionKeys.signupPlan);
  if (isBillingPeriod(signup)) return signup;
  const pending = readStorage('local', localKeys.pendingCheckoutPlan);
  return isBillingPeriod(pending) ? pending : 'monthly';
}

function clearCheckoutStorage() {
  for (const key of [sessionKeys.checkoutPlan, sessionKeys.signupPlan, sessionKeys.checkoutSource, sessionKeys.checkoutInProgress]) writeStorage('session', key, null);
  writeStorage('local', localKeys.pendingCheckoutPlan, null);
}

function Shell({ children, showReturn, banner = true }: { children: React.ReactNode; showReturn: boolean; banner?: boolean }) {
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
function Panel({ title, children, icon, lead = false }: { title: string; children: React.ReactNode; icon?: React.ReactNode; lead?: boolean }) {
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
function Notice({ title, body, action }: { title: string; body: string; action: React.ReactNode }) {
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
function VerifyFirst({ email }: { email: string }) {
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

type Checkout = Pick<CreateSubscriptionResponse, 'subscriptionId'> & { clientSecret: string | null };

/** /checkout (spec sections 2 and 4): plan, billing address, payment, then Premium. */
export default function CheckoutPage() {
  const { user } = useCurrentUser();
  const config = useStripeConfig();
  const fromSignup = readStorage('session', sessionKeys.checkoutSource) === 'signup';
  const [plan, setPlan] = useState<BillingPeriod>(storedPlan);
  const [address, setAddress] = useState<BillingAddressInput>(() => ({ ...emptyAddress, name: user ? `${user.firstName} ${user.lastName}` : '' }));
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [paid, setPaid] = useState<null | { processing: boolean }>(null);
  const [stripeFailed, setStripeFailed] = useState(false);
  const create = useCreateSubscription();
  const queryClient = useQueryClient();
  const publicKey = config.data?.publicKey ?? null;
  const jsUrl = config.data?.jsUrl ?? null;

  const stripe = useMemo(() => {
    if (!publicKey) return null;
    const promise = loadStripeFor({ publicKey, jsUrl });
    promise.catch(() => setStripeFailed(true));
    return promise;
  }, [publicKey, jsUrl]);

  useEffect(() => {
    writeStorage('session', sessionKeys.checkoutPlan, plan);
    writeStorage('local', localKeys.pendingCheckoutPlan, plan);
    writeStorage('session', sessionKeys.checkoutInProgress, 'true');
    writeStorage('session', sessionKeys.lastPage, 'checkout');
  }, [plan]);

  // Spec section 4: leaving with a subscription created and not paid cancels it (closing the tab included).
  const unpaid = useRef<string | null>(null);
  unpaid.current = checkout && !paid ? checkout.subscriptionId : null;
  useEffect(() => {
    const leave = () => {
      if (unpaid.current) cancelIncompleteSubscription(unpaid.current);
      unpaid.current = null;
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  useEffect(() => {
    if (!paid) return;
    clearCheckoutStorage();
    // Read the subscription once more: the server confirms it with Stripe, so /chat opens as Premium.
    const confirm = api.get(subscriptionInfoQueryKey[0]).catch(() => undefined);
    const timer = window.setTimeout(() => void confirm.finally(() => window.location.assign(PAYMENT_RETURN_PATH)), AFTER_PAYMENT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [paid]);

  function submitAddress(next: BillingAddressInput) {
    setAddress(next);
    create.mutate(
      { period: plan, address: next },
      {
        onSuccess: (result) => setCheckout({ subscriptionId: result.subscriptionId, clientSecret: result.clientSecret || null }),
        onError: (error) => {
          // The address stopped being verified (changed in another tab): the page says so in place of the form.
          if (error instanceof ApiError && error.code === 'forbidden:unverified') {
            void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
            return;
          }
          // "Please try again" only where trying again can work: a refusal with a reason says the reason.
          const refused = error instanceof ApiError && error.code !== undefined && error.status < 500 && error.status !== 429;
          notify({
            title: refused ? billingText.cannotStartTitle : billingText.initFailed,
            description: error instanceof ApiError && error.code ? error.message : billingText.processingErrorBody,
            variant: 'destructive',
          });
        },
      },
    );
  }

  function backToAddress() {
    if (checkout) cancelIncompleteSubscription(checkout.subscriptionId);
    setCheckout(null);
  }

  const showReturn = !fromSignup;
  if (config.isPending || !user) {
    return (
      <Shell showReturn={showReturn}>
        <div className="flex justify-center py-24">
          <Spinner className="size-6" label="Loading checkout" />
        </div>
      </Shell>
    );
  }
  if (config.isError || !publicKey) {
    return (
      <Shell showReturn={showReturn}>
        <Notice
          title={config.isError ? billingText.initFailed : billingText.notConfiguredTitle}
          body={config.isError ? billingText.stripeLoadFailed : billingText.notConfiguredBody}
          action={
            <>
              <Button asChild variant="brand">
                <Link href="/chat">Continue with the Free Tier</Link>
              </Button>
              <Button asChild variant="outline">
                <Link href="/plans">Back to Plans</Link>
              </Button>
            </>
          }
        />
      </Shell>
    );
  }
  if (user.isPremium && !paid) {
    return (
      <Shell showReturn>
        <Notice
          title="You already have Premium"
          body="Your account already includes every Premium feature, so there is nothing to buy. You can change or cancel your plan from the profile menu in the app."
          action={
            <Button asChild variant="brand">
              <Link href="/chat">Return to App</Link>
            </Button>
          }
        />
      </Shell>
    );
  }

  const verifyFirst = !user.emailVerified && !paid;
  return (
    <Shell showReturn={showReturn && !paid} banner={!verifyFirst}>
      <div className="mb-8 text-center">
        <h1 className="flex flex-col items-center justify-center gap-2 text-2xl font-bold tracking-tight sm:flex-row sm:text-3xl">
          <Crown className="size-6 text-brand" aria-hidden />
          Upgrade to {clientConfig.appName} Premium
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">Every executive advisor, unlimited conversations, your history and PDF export.</p>
      </div>
      <div className="grid gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] md:items-start">
        <section className="grid gap-6 rounded-2xl border bg-card p-5 shadow-sm sm:p-7" aria-label="Your plan">
          <PlanChooser plan={plan} locked={checkout !== null} onChange={setPlan} />
          <div>
            <h2 className="mb-3 text-sm font-semibold">Premium includes</h2>
            <PremiumFeatureList />
          </div>
        </section>
        {paid ? (
          <Panel lead title={billingText.successTitle} icon={<CircleCheck className="size-5 text-success" aria-hidden />}>
            <div role="status" className="grid gap-3 text-sm">
              <p>{billingText.successBody(clientConfig.appName)}</p>
              {paid.processing ? <p className="text-muted-foreground">{billingText.processingPayment}</p> : null}
              <p className="flex items-center gap-2 text-muted-foreground">
                <Spinner label="Opening the app" /> Taking you to your advisors…
              </p>
            </div>
          </Panel>
        ) : checkout && stripe && !stripeFailed ? (
          <Panel lead title="2. Payment" icon={<CreditCard className="size-5 text-muted-foreground" aria-hidden />}>
            <PaymentStep
              stripe={stripe}
              clientSecret={checkout.clientSecret}
              subscriptionId={checkout.subscriptionId}
              plan={plan}
              onBack={backToAddress}
              onPaid={(processing) => setPaid({ processing })}
            />
          </Panel>
        ) : checkout && stripeFailed ? (
          <Panel lead title="2. Payment">
            <div role="alert" className="grid gap-3 text-sm">
              <p>{billingText.stripeLoadFailed}</p>
              <Button type="button" variant="outline" onClick={() => window.location.reload()}>
                Retry
              </Button>
            </div>
          </Panel>
        ) : verifyFirst ? (
          <VerifyFirst email={user.email} />
        ) : (
          <Panel title="1. Billing address">
            <AddressForm initial={address} pending={create.isPending} onSubmit={submitAddress} />
          </Panel>
        )}
      </div>
    </Shell>
  );
}
