/**
 * The page's only script tag (docs/decisions/043-paint-before-the-app.md). A prerendered public page is
 * complete HTML with its stylesheet inlined: it needs no JavaScript to be seen. So its first paint
 * gets the network and the main thread to itself, and the app (React, the router, the page's chunk)
 * is fetched once that paint is on screen, then hydrates the page. The shell that signed-in visitors
 * get is empty until the app renders it (but for the cookie banner, see below): there the app is
 * fetched at once.
 *
 * Nothing here may import a module the app imports too (the bundler would then make this file load
 * the app's chunk statically): only the stylesheet, which the shell links in its head.
 */
import './styles.css';
import { afterFirstContentfulPaint } from './lib/first-paint.ts';

const root = document.getElementById('root');

// The not-found page is one HTML for every unknown address, prerendered at '/404' (main.tsx hydrates at
// data-path). Nothing on it depends on the address, so it hydrates at the address it was sent for, read
// here, before anything could change it. Hydrating at '/404' and moving to the real address afterwards
// changed the route's parameters under the page while its chunk was still on the way: React then dropped
// the page for a spinner until the chunk came, and a press on Go Home in that moment was lost.
if (root?.dataset.path === '/404') root.dataset.path = location.pathname;

// The browser may offer to install the app before it has loaded: kept until lib/install-prompt.ts takes it.
addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  (globalThis as { earlyInstallPrompt?: Event }).earlyInstallPrompt = event;
});

function startApp(): void {
  // The chunks the page needs beside the app's (written by the build, scripts/vite-prerender.ts), asked
  // for together so no chunk waits for the one that imports it.
  for (const href of root?.dataset.preload?.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // The app is an entry of its own (vite.config.ts): the build writes its address on the root element
  // (scripts/vite-prerender.ts); the dev server serves the source.
  import(/* @vite-ignore */ root?.dataset.app ?? '/main.tsx').catch((error: unknown) => {
    // A deploy replaced the chunks under an open page (or the network failed): the page still reads;
    // a reload fetches the current app.
    console.warn('The app could not be loaded', error);
  });
}

// The shell of a signed-in account that has not chosen its cookies carries the banner (the server decides;
// docs/decisions/046-signed-in-first-paint.md): unless this browser has a choice (the head's inline script
// marks <html>, and the banner is hidden), that banner is the first paint, and the app waits for it as on a
// prerendered page. The attribute names are contract/cookie-choice-script.ts', spelled out here.
const shellBannerShown = document.querySelector('[data-shell-cookie-banner]') !== null && !document.documentElement.hasAttribute('data-cookie-choice');

if (root?.dataset.prerendered || shellBannerShown) void afterFirstContentfulPaint(window).then(startApp);
else startApp();
