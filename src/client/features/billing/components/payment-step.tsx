import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { ArrowLeft, LockKeyhole, RotateCw } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
// The same hashed file styles.css declares (one download, shared with the page; issue 29, point 20).
import interLatinUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { billingText, formatCents } from '#contract/billing.ts';
import { formatPrice, plans, type BillingPeriod } from '#contract/plans.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { notify } from '#client/lib/notify.ts';
import { useSubscriptionPricing } from '../api/get-subscription-pricing.ts';
import { paymentOutcome } from '../logic/payment-outcome.ts';

/** The app's own origin: Stripe returns here after a payment that needed a redirect (spec section 7). */
/** Where a finished payment lands: the chat, which announces the subscription once (spec section 2, /chat). */
export const PAYMENT_RETURN_PATH = '/chat?subscription=success';
export const paymentReturnUrl = () => `${window.location.origin}${PAYMENT_RETURN_PATH}`;

function prefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

function OrderSummary({ subscriptionId, plan }: { subscriptionId: string; plan: BillingPeriod }) {
  const pricing = useSubscriptionPricing(subscriptionId);
  const rows: Array<[string, string]> = pricing.data
    ? [
        ['Subtotal', formatCents(pricing.data.subtotal, pricing.data.currency)],
        ['Tax', formatCents(pricing.data.tax, pricing.data.currency)],
      ]
    : [];
  return (
    <section aria-labelledby="order-summary" className="rounded-xl border bg-muted/40 p-4 text-sm">
      <h3 id="order-summary" className="mb-3 font-semibold">
        Order summary
      </h3>
      <p className="mb-3 flex justify-between gap-4">
        <span>Premium, {plan === 'yearly' ? 'Yearly' : 'Monthly'}</span>
        <span className="text-muted-foreground">{plan === 'yearly' ? `${formatPrice(plans.yearly.price)} / year` : `${formatPrice(plans.monthly.price)} / month`}</span>
      </p>
      {pricing.isPending ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <Spinner label="Loading the order summary" /> Calculating tax…
        </p>
      ) : pricing.isError ? (
        <p className="text-muted-foreground">The order summary could not be loaded; the total is shown on your receipt.</p>
      ) : (
        <dl className="grid gap-1.5 border-t pt-3">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="tabular-nums">{value}</dd>
            </div>
          ))}
          <div className="mt-1 flex justify-between gap-4 border-t pt-2 text-base font-semibold">
            <dt>Total due today</dt>
            <dd className="tabular-nums" data-testid="order-total">
              {formatCents(pricing.data.total, pricing.data.currency)}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function PaymentForm({ plan, onBack, onPaid }: { plan: BillingPeriod; onBack: () => void; onPaid: (processing: boolean) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [complete, setComplete] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || submitting) return;
    setSubmitting(true);
    let outcome;
    try {
      const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: paymentReturnUrl() }, redirect: 'if_required' });
      outcome = paymentOutcome(result);
    } catch (thrown) {
      outcome = paymentOutcome({ thrown });
    }
    if (outcome.kind === 'failed') {
      notify({ title: outcome.title, description: outcome.description, variant: 'destructive' });
      setSubmitting(false);
      return;
    }
    onPaid(outcome.kind === 'processing');
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Payment">
      <div className="min-h-[180px]" aria-busy={!ready}>
        {!ready ? (
          <p className="flex items-center gap-2 py-2 text-sm text-muted-foreground">
            <Spinner label="Loading the secure payment form" /> Loading the secure payment form…
          </p>
        ) : null}
        <PaymentElement
          options={{ layout: 'tabs' }}
          onReady={() => setReady(true)}
          onChange={(event) => setComplete(event.complete)}
          onLoadError={() => notify({ title: billingText.paymentFailedTitle, description: billingText.stripeLoadFailed, variant: 'destructive' })}
        />
      </div>
      <Button type="submit" variant="brand" size="lg" className="w-full" disabled={!stripe || !ready || !complete || submitting}>
        {submitting ? <Spinner className="size-4" label="Processing payment" /> : <LockKeyhole aria-hidden />}
        {submitting ? 'Processing…' : `Subscribe ${plan === 'yearly' ? 'Yearly' : 'Monthly'}`}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack} disabled={submitting}>
        <ArrowLeft aria-hidden />
        Back to billing address
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        Payments are processed securely by Stripe. Cancel any time; Premium stays on until the end of the period you paid for.
      </p>
    </form>
  );
}

/** Step 2 (spec section 2): the Stripe Payment Element with the order summary. */
/** The page's font stack (styles.css), for Stripe's frame. */
const APP_FONT_STACK = '"Inter Variable", ui-sans-serif, system-ui, sans-serif';

export function PaymentStep({
  stripe,
  clientSecret,
  subscriptionId,
  plan,
  onBack,
  onPaid,
}: {
  stripe: Promise<Stripe | null>;
  clientSecret: string | null;
  subscriptionId: string;
  plan: BillingPeriod;
  onBack: () => void;
  onPaid: (processing: boolean) => void;
}) {
  const options = useMemo<StripeElementsOptions>(
    () => ({
      clientSecret: clientSecret ?? undefined,
      // The card fields are Stripe's frame on Stripe's origin: without the app's font they are drawn in the system
      // font beside the page's Inter (issue 29, point 20). The server lets any origin read the font files.
      fonts: [{ family: 'Inter Variable', src: `url(${new URL(interLatinUrl, window.location.origin).href})`, weight: '100 900', style: 'normal', display: 'swap' }],
      appearance: { theme: prefersDark() ? 'night' : 'stripe', variables: { fontFamily: APP_FONT_STACK } },
    }),
    [clientSecret],
  );
  if (!clientSecret) {
    return (
      <div role="alert" className="grid gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm">
        <p className="font-medium">{billingText.clientSecretMissing}</p>
        <Button type="button" variant="outline" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden />
          Retry
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-5">
      <OrderSummary subscriptionId={subscriptionId} plan={plan} />
      <Elements stripe={stripe} options={options}>
        <PaymentForm plan={plan} onBack={onBack} onPaid={onPaid} />
      </Elements>
    </div>
  );
}
