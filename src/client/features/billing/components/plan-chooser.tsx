import { Check, Lock } from 'lucide-react';
import { billingText } from '#contract/billing.ts';
import { premiumPlanFeatures } from '#contract/plan-features.ts';
import { billingPeriods, formatPrice, plans, type BillingPeriod } from '#contract/plans.ts';
import { cn } from '#client/lib/class-names.ts';

const labels: Record<BillingPeriod, { name: string; price: string; note: string }> = {
  monthly: { name: 'Monthly', price: `${formatPrice(plans.monthly.price)}/mo`, note: 'Billed every month' },
  yearly: { name: 'Yearly', price: `${formatPrice(plans.yearly.price)}/yr`, note: `${formatPrice(plans.yearly.monthlyEquivalent)} a month, billed yearly` },
};

/** Monthly / Yearly (spec section 2) as a radio group, locked once the subscription exists. */
export function PlanChooser({ plan, locked, onChange }: { plan: BillingPeriod; locked: boolean; onChange: (plan: BillingPeriod) => void }) {
  return (
    <fieldset className="grid gap-3" disabled={locked}>
      <legend className="mb-3 text-sm font-semibold">Choose your plan</legend>
      <div className="grid grid-cols-2 gap-3" role="radiogroup" aria-label="Billing period">
        {billingPeriods.map((period) => {
          const selected = plan === period;
          return (
            <label
              key={period}
              className={cn(
                'relative flex cursor-pointer flex-col gap-0.5 rounded-xl border bg-card p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                selected ? 'border-brand ring-1 ring-brand' : 'hover:border-foreground/30',
                locked && !selected && 'opacity-50',
                locked && 'cursor-not-allowed',
              )}
            >
              <input type="radio" name="plan" value={period} checked={selected} onChange={() => onChange(period)} className="sr-only" />
              <span className="flex items-center justify-between gap-2 text-sm font-semibold">
                {labels[period].name}
                {period === 'yearly' ? (
                  <span className="rounded-full bg-success/15 px-2 py-0.5 text-[11px] font-semibold text-success">Save {plans.yearly.savings}%</span>
                ) : null}
              </span>
              <span className="text-lg font-bold tabular-nums">{labels[period].price}</span>
              <span className="text-xs text-muted-foreground">{labels[period].note}</span>
            </label>
          );
        })}
      </div>
      {locked ? (
        <p className="flex items-start gap-2 text-xs text-muted-foreground" role="note">
          <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          {billingText.planLocked}
        </p>
      ) : null}
    </fieldset>
  );
}

export function PremiumFeatureList() {
  return (
    <ul className="grid gap-2.5 text-sm" aria-label="Premium includes">
      {premiumPlanFeatures.map((feature) => (
        <li key={feature} className="flex gap-2.5">
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          {feature}
        </li>
      ))}
    </ul>
  );
}
