// Loaded by /sw.js (vite.config.ts, workbox.importScripts) before its routes. What a signed-in person has
// already seen (their account, their conversations list, the conversations they opened) is kept in one
// cache so the app opens offline as they left it (docs/decisions/080-offline-signed-in.md). The routes
// themselves are workbox's NetworkFirst (vite.config.ts): online, the server always answers first.
// The cache holds one person's data at a time, and is emptied:
//   - when the server says nobody is signed in (a 401 from any of these reads),
//   - when /api/auth/me answers for someone other than the person whose data is cached,
//   - when anyone signs in, signs up or signs out (the POSTs pass through `authChange`),
//   - when a page asks (the sign-out in the page also deletes it: a reload that bypassed the worker).
// The cache's name is USER_DATA_CACHE in src/contract/pwa.ts.
const USER_DATA_CACHE = 'user-data-v1';

const clearUserData = () => caches.delete(USER_DATA_CACHE);

/** The id in a /api/auth/me answer, or null. */
async function userIdOf(response) {
  try {
    const body = await response.clone().json();
    return body && typeof body.id === 'string' ? body.id : null;
  } catch {
    return null;
  }
}

self.cornerOfficeUserData = {
  /** Plugin of the cached reads: a 401 empties the cache; a different person's /api/auth/me empties it first. */
  read: {
    fetchDidSucceed: async ({ request, response }) => {
      if (response.status === 401) {
        await clearUserData();
        return response;
      }
      if (response.status === 200 && new URL(request.url).pathname === '/api/auth/me') {
        const cache = await caches.open(USER_DATA_CACHE);
        const cached = await cache.match('/api/auth/me');
        if (cached && (await userIdOf(cached)) !== (await userIdOf(response))) await clearUserData();
      }
      return response;
    },
  },
  /** Plugin of sign-in, sign-up and sign-out: the cache is emptied before the request goes. */
  authChange: {
    requestWillFetch: async ({ request }) => {
      await clearUserData();
      return request;
    },
  },
};

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'clear-user-data') event.waitUntil(clearUserData());
});
