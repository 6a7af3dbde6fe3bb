// First, before any chunk builds a zod schema: zod must not probe for eval under the page's CSP (lib/zod-csp.ts).
import './lib/zod-csp.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './app/app.tsx';
import { queryClient } from './lib/query-client.ts';
import { currentUserQueryKey } from './lib/session.ts';
import { captureInstallPrompt } from './lib/install-prompt.ts';

captureInstallPrompt();

const root = document.getElementById('root')!;
if (root.dataset.prerendered === 'signed-out') {
  // A page prerendered at build time, which the server sends only to a request without a session cookie:
  // the visitor is signed out, so the page hydrates in that state without asking /api/auth/me first
  // (docs/decisions/027-performance.md). Signed-in visitors get the empty shell and a client render.
  queryClient.setQueryData(currentUserQueryKey, null);
  // The page was painted before this chunk was fetched (boot.ts). Hydration is a transition, so React
  // works through the page in slices and yields to the visitor between them instead of holding the main
  // thread for the whole tree. Until it is done, the page's buttons do not take presses they would lose
  // and forms do not submit (lib/use-hydrated.ts, styles.css); what is typed meanwhile is kept.
  // The router hydrates at the address the page was prerendered for, as the build rendered it (no query;
  // the 404 page at the address it was sent for, boot.ts), and moves to the real address once the page is
  // hydrated: an address with a query, or one changed before or during hydration (a script's pushState, a
  // back press), never makes the hydrated tree differ from the HTML.
  startTransition(() => {
    hydrateRoot(
      root,
      <Router ssrPath={root.dataset.path}>
        <App />
      </Router>,
    );
  });
} else {
  // The shell (signed-in visitors): the first render is a transition too, in slices.
  startTransition(() => {
    createRoot(root).render(<App />);
  });
}

// The service worker (installable app, offline shell, updates) starts after the page has loaded,
// in its own chunk, so it never delays the first page (docs/decisions/023-installable-app.md). The app
// itself usually arrives after the load event (boot.ts fetches it once the page is painted).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    import('./features/pwa/register-service-worker.ts')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  };
  // After the load event, once the page is idle: the worker's registration and its first install must not
  // compete with hydration.
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(register, { timeout: 3000 });
    else setTimeout(register, 500);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
