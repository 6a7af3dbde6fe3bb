import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CreditCard, Crown } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { billingText, type BillingAddressInput, type CreateSubscriptionResponse } from '#contract/billing.ts';
import { isBillingPeriod, type BillingPeriod } from '#contract/plans.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
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
import { Notice, Panel, Shell, VerifyFirst } from './checkout-parts.tsx';

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
