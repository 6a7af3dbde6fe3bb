// Loaded by /sw.js (vite.config.ts, workbox.importScripts). When a new version of the service worker
// takes over, every page an earlier version controls is told so; the page reloads 1 s later
// (src/client/features/pwa). Only controlled pages: clients.matchAll() without includeUncontrolled
// returns the pages of this registration, which an earlier version served. A page loaded without any
// worker (the first visit) came from the network, is already the newest, and is left alone.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'app-updated' });
    }),
  );
});
