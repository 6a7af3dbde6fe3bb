import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { freePlanFeatures, premiumPlanFeatures } from '#contract/plan-features.ts';
import { formatPrice, plans } from '#contract/plans.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/class-names.ts';
import { useReturnToApp } from '../hooks/use-return-to-app.ts';
import { useVisitorState } from '../hooks/use-visitor-state.ts';

function FeatureList({ items }: { items: readonly string[] }) {
  return (
    <ul className="grid gap-3 text-sm">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The two plan cards of the landing and plans pages (spec section 2). Buttons by visitor:
 * signed out: Get Started / Upgrade to Premium; signed in without Premium: Current Plan
 * (disabled) / Upgrade to Premium; Premium (a subscriber, admin or VIP): Return to App on both.
 */
export function PricingCards({
  onUpgrade,
  onUpgradeIntent,
  headingLevel: Heading = 'h3',
}: {
  onUpgrade: () => void;
  onUpgradeIntent?: () => void;
  headingLevel?: 'h2' | 'h3';
}) {
  const { kind } = useVisitorState();
  const { returnToApp, pending } = useReturnToApp();

  const returnButton = (
    <Button size="lg" className="w-full" disabled={pending} onClick={() => void returnToApp()}>
      {pending ? <Spinner /> : null}
      Return to App
    </Button>
  );

  return (
    <div className="mx-auto grid max-w-4xl items-stretch gap-6 md:grid-cols-2 md:gap-8">
      <article aria-labelledby="plan-free" className="flex flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <Heading id="plan-free" className="text-lg font-semibold">
          Free Tier
        </Heading>
        <p className="mt-1 text-sm text-muted-foreground">The essentials, for the decisions in front of you this week.</p>
        <p className="mt-6 flex items-baseline gap-1">
          <span className="text-5xl font-bold tracking-tight">{formatPrice(0).replace('.00', '')}</span>
          <span className="text-muted-foreground">/month</span>
        </p>
        <p className="mt-2 text-sm text-muted-foreground">No card needed.</p>
        <div className="mt-8 flex-1">
          <FeatureList items={freePlanFeatures} />
        </div>
        <div className="mt-8">
          {kind === 'visitor' ? (
            <Button asChild size="lg" variant="outline" className="w-full">
              <Link href="/signup">Get Started</Link>
            </Button>
          ) : kind === 'member' ? (
            <Button size="lg" variant="outline" className="w-full" disabled>
              Current Plan
            </Button>
          ) : (
            returnButton
          )}
        </div>
      </article>

      <article
        aria-labelledby="plan-premium"
        className={cn('relative flex flex-col rounded-2xl border-2 border-brand bg-card p-6 shadow-lg sm:p-8', 'md:-translate-y-2')}
      >
        <span className="absolute -top-3.5 left-6 rounded-full bg-brand px-3 py-1 text-xs font-bold uppercase tracking-wide text-brand-foreground shadow-sm sm:left-8">
          Best Value
        </span>
        <Heading id="plan-premium" className="text-lg font-semibold">
          Premium
        </Heading>
        <p className="mt-1 text-sm text-muted-foreground">Your full executive bench, whenever the stakes are high.</p>
        <p className="mt-6 flex items-baseline gap-1">
          <span className="text-5xl font-bold tracking-tight">{formatPrice(plans.monthly.price)}</span>
          <span className="text-muted-foreground">/month</span>
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          Or {formatPrice(plans.yearly.price)} a year ({formatPrice(plans.yearly.monthlyEquivalent)}/month):{' '}
          <strong className="font-semibold text-accent-foreground">save {plans.yearly.savings}%</strong>
        </p>
        <div className="mt-8 flex-1">
          <FeatureList items={premiumPlanFeatures} />
        </div>
        <div className="mt-8">
          {kind === 'premium' ? (
            returnButton
          ) : (
            <Button size="lg" className="w-full" onClick={onUpgrade} onPointerEnter={onUpgradeIntent} onFocus={onUpgradeIntent}>
              Upgrade to Premium
            </Button>
          )}
        </div>
      </article>
    </div>
  );
}
