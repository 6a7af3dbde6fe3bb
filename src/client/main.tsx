import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CookieBanner } from '#client/features/consent/components/cookie-banner.tsx';
import { PageViewTracker } from '#client/features/consent/components/page-view-tracker.tsx';
import { Providers } from './app/providers.tsx';
import { PageMeta } from './app/page-meta.tsx';
import { AppRoutes } from './app/routes.tsx';
import { ScrollToTop } from './app/scroll-to-top.tsx';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <PageMeta />
      <ScrollToTop />
      <AppRoutes />
      <CookieBanner />
      <PageViewTracker />
    </Providers>
  </StrictMode>,
);
