import { StrictMode } from 'react';
import { CookieBanner } from '#client/features/consent/components/cookie-banner.tsx';
import { PageViewTracker } from '#client/features/consent/components/page-view-tracker.tsx';
import { PageMeta } from './page-meta.tsx';
import { Providers } from './providers.tsx';
import { AppRoutes } from './routes.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

/** The whole app: what the browser renders or hydrates, and what the build prerenders (prerender.tsx). */
export function App() {
  return (
    <StrictMode>
      <Providers>
        <PageMeta />
        <ScrollToTop />
        <AppRoutes />
        <CookieBanner />
        <PageViewTracker />
      </Providers>
    </StrictMode>
  );
}
