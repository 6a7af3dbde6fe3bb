import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useCookieConsent } from '../hooks/use-cookie-consent.ts';
import { trackPageView } from '../page-views.ts';

/** Reports a page view on every route change, and only once the visitor chose 'Accept All'. */
export function PageViewTracker() {
  const [location] = useLocation();
  const { accepted } = useCookieConsent();
  useEffect(() => {
    if (accepted === true) trackPageView(location);
  }, [accepted, location]);
  return null;
}
