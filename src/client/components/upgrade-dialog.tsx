import { Check, Crown } from 'lucide-react';
import { useState, type FormEvent, type RefObject } from 'react';
import { useLocation } from 'wouter';
import { premiumPlanFeatures } from '#contract/plan-features.ts';
import { formatPrice, plans, yearlySavingsDollars, type BillingPeriod } from '#contract/plans.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { cn } from '#client/lib/class-names.ts';
import { sessionKeys, writeStorage } from '#client/lib/storage-keys.ts';

const options: Array<{ period: BillingPeriod; name: string; price: string; detail: string; badge?: string }> = [
  {
    period: 'yearly',
    name: 'Yearly',
    price: `${formatPrice(plans.yearly.price)}/year`,
    detail: `${formatPrice(plans.yearly.monthlyEquivalent)}/month, billed yearly. You save ${formatPrice(yearlySavingsDollars)} a year.`,
    badge: `Save ${plans.yearly.savings}%`,
  },
  { period: 'monthly', name: 'Monthly', price: `${formatPrice(plans.monthly.price)}/month`, detail: 'Billed monthly. Cancel anytime.' },
];

export interface UpgradeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Why it opened (a locked advisor, the daily limit), shown above the offer. */
  reason?: string | null;
  /** Where a choice leads; by default the plan is stored as checkoutPlan and the user goes to /checkout. */
  onChoose?: (plan: BillingPeriod) => void;
  /** A visitor continues to signup instead of checkout: only the wording changes here. */
  signedIn?: boolean;
  /** The button that opened the dialog, when it is not a Radix trigger, gets focus back on close. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * The one upgrade dialog (spec section 2): what Premium adds, Monthly or Yearly (Yearly chosen),
 * prices and savings from the plan table, then on to checkout (or signup for a visitor).
 */
export function UpgradeDialog({ open, onOpenChange, reason, onChoose, signedIn = true, returnFocusTo }: UpgradeDialogProps) {
  const [plan, setPlan] = useState<BillingPeriod>('yearly');
  const [, navigate] = useLocation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onOpenChange(false);
    if (onChoose) return onChoose(plan);
    writeStorage('session', sessionKeys.checkoutPlan, plan);
    navigate('/checkout');
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-xl sm:p-8"
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <DialogHeader>
          <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Crown className="size-5" aria-hidden />
          </span>
          <DialogTitle className="text-2xl">Upgrade to Premium</DialogTitle>
          <DialogDescription>{reason ?? 'Your whole executive bench, without limits. Choose how you would like to be billed.'}</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2 text-sm sm:grid-cols-2" aria-label="Premium includes">
          {premiumPlanFeatures.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <form onSubmit={onSubmit} className="grid gap-5">
          <fieldset className="grid gap-3">
            <legend className="mb-3 text-sm font-medium">Billing period</legend>
            {options.map((option) => (
              <label
                key={option.period}
                className={cn(
                  'relative flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  plan === option.period ? 'border-primary bg-primary/5 ring-1 ring-primary' : 'border-input hover:bg-muted',
                )}
              >
                <input
                  type="radio"
                  name="upgrade-plan"
                  value={option.period}
                  checked={plan === option.period}
                  onChange={() => setPlan(option.period)}
                  className="mt-1 size-4 shrink-0 accent-[var(--color-primary)]"
                />
                <span className="grid flex-1 gap-1">
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-semibold">{option.name}</span>
                    {option.badge ? <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">{option.badge}</span> : null}
                    <span className="ml-auto font-semibold tabular-nums">{option.price}</span>
                  </span>
                  <span className="text-sm text-muted-foreground">{option.detail}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <DialogFooter className="sm:items-center">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Not Now
            </Button>
            <Button type="submit">{signedIn ? 'Continue to Checkout' : 'Continue to Sign Up'}</Button>
          </DialogFooter>
          <p className="-mt-2 text-xs text-muted-foreground">
            {signedIn
              ? 'You will see the total, including any tax, before you pay. No cancellation fees.'
              : 'Create your account first; you will see the total, including any tax, before you pay. No cancellation fees.'}
          </p>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default UpgradeDialog;
