import { Check, Minus } from 'lucide-react';
import { Link } from 'wouter';
import { freeRetentionText } from '#contract/limits.ts';
import { planComparison } from '#contract/plan-features.ts';
import { formatPrice, plans } from '#contract/plans.ts';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';
import { SessionHeaderLink } from '#client/components/layout/session-header-link.tsx';
import { SiteHeader } from '#client/components/layout/site-header.tsx';
import { clientConfig } from '#client/config.ts';
import { useCurrentUser } from '#client/lib/session.ts';
import { useUpgradeDialog } from '../hooks/use-upgrade-dialog.tsx';
import { PricingCards } from './pricing-cards.tsx';

function Cell({ value }: { value: string | boolean }) {
  if (value === true)
    return (
      <>
        <Check className="mx-auto size-5 text-success" aria-hidden />
        <span className="sr-only">Included</span>
      </>
    );
  if (value === false)
    return (
      <>
        <Minus className="mx-auto size-5 text-muted-foreground" aria-hidden />
        <span className="sr-only">Not included</span>
      </>
    );
  return <span>{value}</span>;
}

export default function PlansPage() {
  const { user, isLoading } = useCurrentUser();
  const upgrade = useUpgradeDialog();
  const faqs = [
    {
      q: 'Can I cancel at any time?',
      a: 'Yes. There are no cancellation fees. When you cancel, Premium stays active until the end of the period you have paid for, and your account then returns to the Free Tier. Partial periods are not refunded.',
    },
    {
      q: 'What do I save by paying yearly?',
      a: `The yearly plan costs ${formatPrice(plans.yearly.price)}, which works out at ${formatPrice(plans.yearly.monthlyEquivalent)} a month instead of ${formatPrice(plans.monthly.price)}: ${plans.yearly.savings}% less than paying monthly for twelve months.`,
    },
    {
      q: 'How do I pay?',
      a: 'By credit or debit card, through our payment provider. We never see or store your full card number. You can review the total, including any tax, before you confirm.',
    },
    {
      q: 'Is this legal, financial or medical advice?',
      a: `No. ${clientConfig.appName} helps you think decisions through, but its advisors are AI personas and can be wrong. Check important decisions with a qualified professional.`,
    },
    {
      q: 'Do I need a card for the Free Tier?',
      a: 'No. Create an account with your e-mail address and start talking to the CEO, CFO and CHRO advisors straight away.',
    },
  ];

  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader>
        {isLoading ? null : <SessionHeaderLink signedIn={Boolean(user)} />}
      </SiteHeader>
      <main id="main" className="flex-1">
        <section aria-labelledby="plans-title" className="bg-gradient-to-b from-secondary/70 to-background px-4 pb-16 pt-14 sm:px-6 sm:pt-20">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-foreground">Plans &amp; Pricing</p>
            <h1 id="plans-title" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
              Simple plans for serious decisions
            </h1>
            <p className="mt-4 text-lg text-pretty text-muted-foreground">
              Start free with the three advisors founders call first. Upgrade for every executive role, unlimited conversations and a history you can search.
            </p>
          </div>
          <div className="mt-14">
            <PricingCards headingLevel="h2" onUpgrade={upgrade.openDialog} onUpgradeIntent={upgrade.preload} />
          </div>
        </section>

        <section aria-labelledby="compare-title" className="render-when-near px-4 py-16 [contain-intrinsic-size:auto_1010px] sm:px-6 sm:py-20 md:[contain-intrinsic-size:auto_950px]">
          <div className="mx-auto max-w-4xl">
            <h2 id="compare-title" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
              Compare plans
            </h2>
            {/* Fits a 390 px phone as it is: both plans in view, no sideways scrolling region. */}
            <div className="relative mt-10 overflow-hidden rounded-2xl border bg-card shadow-sm">
              <table className="w-full table-fixed text-left text-sm">
                <caption className="sr-only">What the Free Tier and Premium include</caption>
                <thead className="bg-muted/60">
                  <tr>
                    <th scope="col" className="px-3 py-3 font-semibold sm:px-5 sm:py-4">
                      Feature
                    </th>
                    <th scope="col" className="w-[5.5rem] px-2 py-3 text-center font-semibold sm:w-36 sm:px-5 sm:py-4">
                      Free Tier
                    </th>
                    <th scope="col" className="w-[5.5rem] px-2 py-3 text-center font-semibold sm:w-36 sm:px-5 sm:py-4">
                      Premium
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {planComparison(clientConfig.freeRetentionDays).map((row) => (
                    <tr key={row.label}>
                      <th scope="row" className="break-words px-3 py-3 font-medium sm:px-5 sm:py-4">
                        {row.label}
                      </th>
                      <td className="px-2 py-3 text-center text-muted-foreground sm:px-5 sm:py-4" {...(row.statesRetention ? { [freeRetentionText.marker]: '' } : {})}>
                        <Cell value={row.free} />
                      </td>
                      <td className="px-2 py-3 text-center font-medium sm:px-5 sm:py-4">
                        <Cell value={row.premium} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </section>

        <section aria-labelledby="faq-title" className="render-when-near border-t bg-muted/40 px-4 py-16 [contain-intrinsic-size:auto_630px] sm:px-6 sm:py-20">
          <div className="mx-auto max-w-3xl">
            <h2 id="faq-title" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
              Questions, answered
            </h2>
            <div className="mt-10 grid gap-3">
              {faqs.map((faq) => (
                <details key={faq.q} className="group rounded-xl border bg-card px-5 py-4 shadow-xs open:shadow-sm">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
                    {faq.q}
                    <span aria-hidden className="text-xl leading-none text-muted-foreground transition-transform group-open:rotate-45">
                      +
                    </span>
                  </summary>
                  <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{faq.a}</p>
                </details>
              ))}
            </div>
            <p className="mt-10 text-center text-sm text-muted-foreground">
              Something else?{' '}
              <Link href="/contact" className="font-semibold text-primary underline-offset-4 hover:underline">
                Contact us
              </Link>
              .
            </p>
          </div>
        </section>
      </main>
      <SiteFooter />
      {upgrade.dialog}
    </div>
  );
}
