import { Check, Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { premiumPlanFeatures } from '#contract/plan-features.ts';
import { formatPrice, isBillingPeriod, plans, type BillingPeriod } from '#contract/plans.ts';
import { AuthLayout } from '#client/components/layout/auth-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { readStorage, sessionKeys, writeStorage } from '#client/lib/storage-keys.ts';

/** Spec section 4: the checkout plan is the stored checkoutPlan, else signupPlan, else monthly. */
function chosenPlan(): BillingPeriod {
  const checkout = readStorage('session', sessionKeys.checkoutPlan);
  if (isBillingPeriod(checkout)) return checkout;
  const signup = readStorage('session', sessionKeys.signupPlan);
  return isBillingPeriod(signup) ? signup : 'monthly';
}

/**
 * Stand-in for /checkout until card payments land (billing feature): shows the chosen plan and
 * marks a checkout as in progress, as the real page will, so the landing page offers to return here.
 */
export default function CheckoutPage() {
  const [plan] = useState(chosenPlan);
  const fromSignup = readStorage('session', sessionKeys.checkoutSource) === 'signup';

  useEffect(() => {
    writeStorage('session', sessionKeys.checkoutPlan, plan);
    writeStorage('session', sessionKeys.checkoutInProgress, 'true');
    writeStorage('session', sessionKeys.lastPage, 'checkout');
  }, [plan]);

  const price = plan === 'yearly' ? `${formatPrice(plans.yearly.price)} per year` : `${formatPrice(plans.monthly.price)} per month`;

  return (
    <AuthLayout
      headerActions={
        fromSignup ? null : (
          <Button asChild variant="ghost" size="sm">
            <Link href="/chat">Return to App</Link>
          </Button>
        )
      }
    >
      <Card>
        <CardHeader className="text-center">
          <CardTitle>Checkout</CardTitle>
          <CardDescription>
            Premium, {plan === 'yearly' ? 'Yearly' : 'Monthly'} plan: <strong className="text-foreground">{price}</strong>
            {plan === 'yearly' ? ` (save ${plans.yearly.savings}%)` : null}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <p role="status" className="flex gap-3 rounded-lg border border-brand/40 bg-accent px-4 py-3 text-sm text-accent-foreground">
            <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
            Secure card payment is coming soon. Your plan choice is saved, and you can keep using the Free Tier in the meantime.
          </p>
          <ul className="grid gap-2 text-sm">
            {premiumPlanFeatures.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                {feature}
              </li>
            ))}
          </ul>
        </CardContent>
        <CardFooter className="flex-col gap-3">
          <Button asChild variant="outline" className="w-full">
            <Link href="/plans">Back to Plans</Link>
          </Button>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
