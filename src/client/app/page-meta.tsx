import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { clientConfig } from '#client/config.ts';
import { devMailPage, documentTitle, notFoundPage, pageFor } from '#contract/pages.ts';

function setMeta(selector: string, create: () => HTMLElement, apply: (element: HTMLElement) => void) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  apply(element);
}

/**
 * Keeps the head in step with client-side navigation: the server writes the right tags into the
 * first HTML it sends (src/server/plugins/spa.ts); this mirrors title, description, canonical and
 * robots when the visitor then moves between pages without a reload.
 */
export function PageMeta() {
  const [location] = useLocation();
  useEffect(() => {
    const page = pageFor(location) ?? (location === devMailPage.path ? devMailPage : notFoundPage);
    const title = documentTitle(page, clientConfig.appName);
    document.title = title;
    setMeta(
      'meta[name="description"]',
      () => Object.assign(document.createElement('meta'), { name: 'description' }),
      (el) => el.setAttribute('content', page.description),
    );
    for (const selector of ['meta[property="og:title"]', 'meta[name="twitter:title"]']) {
      document.head.querySelector(selector)?.setAttribute('content', title);
    }
    const canonical = document.head.querySelector('link[rel="canonical"]');
    const robots = document.head.querySelector('meta[name="robots"]');
    if (page.indexable) {
      robots?.remove();
      setMeta(
        'link[rel="canonical"]',
        () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
        (el) => el.setAttribute('href', `${window.location.origin}${page.path}`),
      );
    } else {
      canonical?.remove();
      setMeta(
        'meta[name="robots"]',
        () => Object.assign(document.createElement('meta'), { name: 'robots' }),
        (el) => el.setAttribute('content', 'noindex, nofollow'),
      );
    }
  }, [location]);
  return null;
}
