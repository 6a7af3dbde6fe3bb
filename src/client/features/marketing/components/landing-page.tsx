import { lazy, Suspense, useEffect, useState } from 'react';
import { SiteFooter } from '#client/components/layout/site-footer.tsx';
import { readStorage, sessionKeys, writeStorage } from '#client/lib/storage-keys.ts';
import { useUpgradeDialog } from '../hooks/use-upgrade-dialog.tsx';
import { ClosingCallToAction } from './closing-call-to-action.tsx';
import { HeroSection } from './hero-section.tsx';
import { LandingHeader } from './landing-header.tsx';
import { PricingCards } from './pricing-cards.tsx';

// Below the fold, static (no control of their own: a control there would have no handler until the chunk
// came), in their own chunks, requested when the landing page first renders: so the page's first
// JavaScript is only what the top of the page needs to come alive, and no other page downloads them
// (docs/decisions/035-performance-leftovers.md, 040-first-paint.md). Both are asked for in the same render.
// A prerendered page keeps their HTML until the chunk is there and hydrates them then.
const FeaturesSection = lazy(() => import('./features-section.tsx').then((m) => ({ default: m.FeaturesSection })));
const AboutSection = lazy(() => import('./about-section.tsx').then((m) => ({ default: m.AboutSection })));

/**
 * Spec section 2, '/': header, hero, features, pricing, about, footer and the upgrade dialog.
 * Arriving here records lastPage = 'home' and remembers whether the visitor came from checkout.
 */
export default function LandingPage() {
  const [returnedFromCheckout] = useState(() => readStorage('session', sessionKeys.lastPage) === 'checkout');
  const upgrade = useUpgradeDialog();

  useEffect(() => {
    writeStorage('session', sessionKeys.lastPage, 'home');
  }, []);

  // A link such as /#pricing from another page: the section exists only now, so scroll to it.
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    if (hash) document.getElementById(hash)?.scrollIntoView();
  }, []);

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <LandingHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <HeroSection returnedFromCheckout={returnedFromCheckout} />
        <Suspense fallback={null}>
          <FeaturesSection />
        </Suspense>
        <section id="pricing" tabIndex={-1} aria-labelledby="pricing-title" className="render-when-near scroll-mt-16 border-y bg-muted/40 py-20 outline-none [contain-intrinsic-size:auto_1550px] sm:py-28 md:[contain-intrinsic-size:auto_1140px] lg:[contain-intrinsic-size:auto_1080px]">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="mx-auto mb-16 max-w-2xl text-center">
              <p className="text-sm font-semibold uppercase tracking-wider text-accent-foreground">Pricing</p>
              <h2 id="pricing-title" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
                Start free. Upgrade when the stakes rise.
              </h2>
              <p className="mt-4 text-lg text-pretty text-muted-foreground">
                The Free Tier covers everyday questions with three core advisors. Premium opens every role, without daily limits.
              </p>
            </div>
            <PricingCards onUpgrade={upgrade.openDialog} onUpgradeIntent={upgrade.preload} />
          </div>
        </section>
        <Suspense fallback={null}>
          <AboutSection />
        </Suspense>
        <ClosingCallToAction />
      </main>
      <SiteFooter />
      {upgrade.dialog}
    </div>
  );
}
