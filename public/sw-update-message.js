// Loaded by /sw.js (vite.config.ts, workbox.importScripts). When a new version of the service worker
// takes over, every open page is told so; the page reloads 1 s later (src/client/features/pwa).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'app-updated' });
    }),
  );
});
