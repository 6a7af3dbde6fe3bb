import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { clientConfig } from '#client/config.ts';
import { documentTitle, notFoundPage, pageFor } from '#contract/pages.ts';

/** Keeps document.title in step with client-side navigation (the server sets it on first load). */
export function PageMeta() {
  const [location] = useLocation();
  useEffect(() => {
    document.title = documentTitle(pageFor(location) ?? notFoundPage, clientConfig.appName);
  }, [location]);
  return null;
}
