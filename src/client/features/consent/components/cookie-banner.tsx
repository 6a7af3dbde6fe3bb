import { Cookie } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { consentText } from '#contract/consent-text.ts';
import { COOKIE_CHOICE_ATTRIBUTE, SHELL_COOKIE_BANNER_ATTRIBUTE } from '#contract/cookie-choice-script.ts';
import { Button } from '#client/components/ui/button.tsx';
import { clientConfig } from '#client/config.ts';
import { notify } from '#client/lib/notify.ts';
import { useHydrated } from '#client/lib/use-hydrated.tsx';
import { useCookieConsent } from '../hooks/use-cookie-consent.ts';

/**
 * Spec section 2, global: fixed at the bottom of every page until the visitor chooses. While it
 * shows, the page gets room underneath it (and focus scrolling keeps clear of it), so it never
 * hides the last button of a page for good.
 */
export function CookieBanner() {
  const consent = useCookieConsent();
  const { ready, accepted, signedIn, serverChoice, visitorChoice, choose } = consent;
  const [saving, setSaving] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const syncedRef = useRef(false);

  // A signed-in user who already chose on this device as a visitor: record that choice for the account.
  useEffect(() => {
    if (!ready || !signedIn || serverChoice !== null || visitorChoice === null || syncedRef.current) return;
    syncedRef.current = true;
    choose(visitorChoice).catch((error: unknown) => console.warn('Could not save the cookie choice to the account', error));
  }, [ready, signedIn, serverChoice, visitorChoice, choose]);

  // A prerendered page holds the banner, so a visitor who has not chosen sees it in the first paint; one
  // who has is never shown it: the page's inline script marks <html> before the paint and styles.css
  // hides the banner until React, hydrated, removes it (docs/decisions/040-first-paint.md). Until then its
  // buttons have no handler: they say so (aria-disabled), so no press is taken and lost.
  const hydrated = useHydrated();
  const visible = ready && accepted === null;

  // The shell's copy of the banner, painted before the app for a signed-in account that has not chosen
  // (docs/decisions/046-signed-in-first-paint.md), goes once the choice is known: in the same commit as
  // this banner appears, so the two are never both on screen and the banner never blinks.
  useLayoutEffect(() => {
    if (ready) document.querySelector(`[${SHELL_COOKIE_BANNER_ATTRIBUTE}]`)?.remove();
  }, [ready]);

  // Hydrated and rendered from this browser's own state, with the choice known: React decides from here
  // on, so the mark goes (a choice cleared in another tab then shows the banner again). Not before the
  // choice is known: the shell's copy of the banner stays hidden under the mark until then.
  useEffect(() => {
    if (hydrated && ready) document.documentElement.removeAttribute(COOKIE_CHOICE_ATTRIBUTE);
  }, [hydrated, ready]);
  useEffect(() => {
    const element = ref.current;
    if (!visible || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--cookie-banner-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--cookie-banner-height');
    };
  }, [visible]);

  if (!visible) return null;

  const decide = async (value: boolean) => {
    setSaving(true);
    try {
      await choose(value);
    } catch {
      notify({ ...consentText.saveFailed, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      ref={ref}
      aria-labelledby="cookie-banner-title"
      data-cookie-banner=""
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 shadow-[0_-8px_30px_-12px_rgb(0_0_0/0.25)] backdrop-blur supports-[backdrop-filter]:bg-card/90"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-4 sm:px-6 md:flex-row md:items-center md:gap-8">
        <div className="flex gap-3">
          <Cookie className="mt-0.5 size-5 shrink-0 text-accent-foreground" aria-hidden />
          <div className="grid gap-1">
            <h2 id="cookie-banner-title" className="text-sm font-semibold">
              Your privacy, your choice
            </h2>
            <p className="text-sm text-muted-foreground">
              {clientConfig.appName} uses essential cookies to keep you signed in and secure. With your permission we also count page views to learn which
              pages help people most. Read more in our{' '}
              <Link href="/privacy-policy#cookies" className="font-medium text-foreground underline underline-offset-4 hover:text-primary">
                Privacy Policy
              </Link>
              .
            </p>
          </div>
        </div>
        <div className="flex shrink-0 gap-2 max-md:[&>*]:flex-1">
          <Button variant="outline" disabled={saving} aria-disabled={hydrated ? undefined : true} onClick={() => void decide(false)}>
            Essential Only
          </Button>
          <Button disabled={saving} aria-disabled={hydrated ? undefined : true} onClick={() => void decide(true)}>
            Accept All
          </Button>
        </div>
      </div>
    </section>
  );
}
