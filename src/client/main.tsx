import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CookieBanner } from '#client/features/consent/components/cookie-banner.tsx';
import { PageViewTracker } from '#client/features/consent/components/page-view-tracker.tsx';
import { Providers } from './app/providers.tsx';
import { PageMeta } from './app/page-meta.tsx';
import { AppRoutes } from './app/routes.tsx';
import { ScrollToTop } from './app/scroll-to-top.tsx';
import { captureInstallPrompt } from './lib/install-prompt.ts';
import './styles.css';

captureInstallPrompt();

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

// The service worker (installable app, offline shell, updates) starts after the page has loaded,
// in its own chunk, so it never delays the first page (docs/decisions/023-installable-app.md).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    import('./features/pwa/register-service-worker.ts')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  });
}
