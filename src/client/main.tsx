// First, before any chunk builds a zod schema: zod must not probe for eval under the page's CSP (lib/zod-csp.ts).
import './lib/zod-csp.ts';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { queryClient } from './lib/query-client.ts';
import { currentUserQueryKey } from './lib/session.ts';
import { captureInstallPrompt } from './lib/install-prompt.ts';
import './styles.css';

captureInstallPrompt();

const root = document.getElementById('root')!;
if (root.dataset.prerendered === 'signed-out') {
  // A page prerendered at build time, which the server sends only to a request without a session cookie:
  // the visitor is signed out, so the page hydrates in that state without asking /api/auth/me first
  // (docs/decisions/027-performance.md). Signed-in visitors get the empty shell and a client render.
  queryClient.setQueryData(currentUserQueryKey, null);
  // At once, before the load event: a page that looks ready must be ready. Hydrating after the first paint
  // (tried, decision 035) left a moment in which a typed value or a click landed on server HTML only.
  hydrateRoot(root, <App />);
} else {
  createRoot(root).render(<App />);
}

// The service worker (installable app, offline shell, updates) starts after the page has loaded,
// in its own chunk, so it never delays the first page (docs/decisions/023-installable-app.md).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    import('./features/pwa/register-service-worker.ts')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  });
}
