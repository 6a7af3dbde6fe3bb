import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/vite-precompress.ts';
import { prerender } from './scripts/vite-prerender.ts';
import { USER_DATA_CACHE } from './src/contract/pwa.ts';

/** What public/sw-user-data.js adds to the service worker's global scope. */
interface UserDataWorker {
  cornerOfficeUserData: {
    read: { fetchDidSucceed: (param: { request: Request; response: Response }) => Promise<Response> };
    authChange: { requestWillFetch: (param: { request: Request }) => Promise<Request> };
  };
}

const apiPort = process.env.API_PORT ?? '3001';
/** The page's own script and what it imports: never part of the app's chunk (it would load the app before the paint). */
const bootModules = /\/src\/client\/(index\.html|boot\.ts|lib\/first-paint\.ts|styles\.css)($|\?)/;
const serverTests = ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts', 'tests/fakes/**/*.test.ts', 'eval/**/*.test.ts'];
const integrationTests = ['src/server/features/**/*.test.ts', 'src/server/security/**/*.test.ts', 'src/server/backup/**/*.test.ts', 'src/server/telemetry/**/*.test.ts'];

export default defineConfig({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [
    react(),
    tailwindcss(),
    // The service worker at /sw.js (docs/decisions/023-installable-app.md). The manifest is served by the
    // server from configuration (product name), so the plugin writes none; the page registers the worker
    // itself after load (src/client/features/pwa/register-service-worker.ts) to keep the landing budget.
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      manifest: false,
      injectRegister: false,
      registerType: 'prompt',
      workbox: {
        // The app shell and static files; never source maps, the link-preview image or anything under /api.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        globIgnores: ['**/og-image.png', '**/screenshots/**', 'sw.js', 'workbox-*.js'],
        // The PDF reader/writer chunks are large and only for export; they are fetched when used.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // Every client route opens the cached shell; the server renders /index.html with the shell's head.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/robots\.txt$/, /^\/sitemap\.xml$/, /^\/sw\.js$/, /^\/manifest\.webmanifest$/],
        // The page decides when a new version takes over (2 s after it is installed, never mid-reply).
        skipWaiting: false,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        inlineWorkboxRuntime: true,
        // Tells open pages that a new version has taken over (they reload after 1 s); keeps one person's
        // already-seen data for offline use and empties it when the person changes (docs/decisions/080).
        importScripts: ['/sw-update-message.js', '/sw-user-data.js'],
        // Hashed file names are their own revision.
        dontCacheBustURLsMatching: /^assets\//,
        // What a signed-in person already saw opens offline (decision 080): their account, their
        // conversations list and the conversations they opened, network first (online the server always
        // answers), in one cache that holds one person's data at a time (public/sw-user-data.js). Nothing
        // else under /api is stored: no documents, decisions, billing or admin data, no reply streams.
        // The functions are copied into sw.js as text: they may use only what a service worker has.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && /^\/api\/(auth\/me|auth\/subscription-info|chat\/recent-sessions|chat\/usage|chat-sessions\/[\w-]+(\/messages)?|users\/[\w-]+\/chat-sessions)$/.test(url.pathname),
            method: 'GET',
            handler: 'NetworkFirst',
            options: {
              cacheName: USER_DATA_CACHE,
              plugins: [{ fetchDidSucceed: (param) => (self as unknown as UserDataWorker).cornerOfficeUserData.read.fetchDidSucceed(param) }],
            },
          },
          ...(['/api/auth/signin', '/api/auth/signup', '/api/auth/logout'] as const).map((path) => ({
            urlPattern: path,
            method: 'POST' as const,
            handler: 'NetworkOnly' as const,
            options: { plugins: [{ requestWillFetch: (param: { request: Request }) => (self as unknown as UserDataWorker).cornerOfficeUserData.authChange.requestWillFetch(param) }] },
          })),
        ],
      },
    }),
    // The public pages rendered to HTML (hydrated in the browser), then brotli and gzip twins of every
    // built text file, the service worker included (docs/decisions/027-performance.md).
    prerender(),
    precompress(),
  ],
  resolve: {
    // wouter imports the pre-React-18 shim; React 19 has the hook (keeps the landing page under budget).
    alias: { 'use-sync-external-store/shim/index.js': fileURLToPath(new URL('./src/client/lib/use-sync-external-store.ts', import.meta.url)) },
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Every browser the app supports has <link rel="modulepreload">; the polyfill would only add weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Two entries: the page's script (index.html -> boot.ts) and the app it loads once the page is painted.
      input: { index: fileURLToPath(new URL('./src/client/index.html', import.meta.url)), app: fileURLToPath(new URL('./src/client/main.tsx', import.meta.url)) },
      output: {
        // The app (main.tsx and everything it imports statically) in one file: it compresses better than
        // six small shared chunks and is one request (docs/decisions/007-landing-bundle-budget.md). Lazy
        // pages import from it. The page's own script (boot.ts) is the entry and loads it
        // (docs/decisions/043-paint-before-the-app.md).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], test: (id) => !bootModules.test(id) }] },
      },
    },
  },
  server: {
    port: 3000,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  test: {
    root: '.',
    // Limits catch hangs, not slowness: on a shared 2-core machine a database start or a jsdom render
    // under load takes seconds, and Vitest's defaults (5 s, 10 s) failed sound tests.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph per worker, not one per test file: importing the server (Fastify, Drizzle, the AI
    // SDK) or jsdom + React again for every file was about two thirds of the suite's CPU time. Test files
    // share no state through modules: each opens its own app, database and DOM and cleans up after itself
    // (tests/helpers/client-setup.ts empties the DOM and storage after every test).
    isolate: false,
    // V8 13.6 (Node 24) can free a WebAssembly import wrapper twice when its code GC runs on one thread
    // while another tiers the wrapper up: the process dies with SIGTRAP ("Check failed:
    // jit_page_->allocations_.erase(addr) == 1"). Every test file here opens and closes PGlite (Wasm) in
    // one worker process, and it killed two CI runs. Without Wasm code GC it cannot happen (decision 089).
    execArgv: ['--no-wasm-code-gc'],
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core CI machine, which then
    // waits on databases (PGlite's worker thread, PostgreSQL), timers and sockets for a third of the run.
    // The tests are mostly waiting, so one worker more than the cores keeps both busy: the PGlite run went
    // from 201 s to 105 s on 2 cores (same tests, same machine). VITEST_MAX_WORKERS overrides.
    maxWorkers: process.env.VITEST_MAX_WORKERS ? Number(process.env.VITEST_MAX_WORKERS) : availableParallelism() + 1,
    projects: [
      {
        extends: true as const,
        test: { name: 'server', include: serverTests, environment: 'node', setupFiles: ['tests/helpers/fail-on-console-error.ts'], env: { TEST_DB: 'pglite' } },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-postgres',
                include: integrationTests,
                environment: 'node',
                setupFiles: ['tests/helpers/fail-on-console-error.ts'],
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      {
        extends: true as const,
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/helpers/client-setup.ts', 'tests/helpers/fail-on-console-error.ts'],
        },
      },
    ],
  },
});
