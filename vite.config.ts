import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiPort = process.env.API_PORT ?? '3001';
const serverTests = ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts', 'tests/fakes/**/*.test.ts'];
const integrationTests = ['src/server/features/**/*.test.ts', 'src/server/security/**/*.test.ts'];

export default defineConfig({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [react(), tailwindcss()],
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
      output: {
        // Everything the first page needs in one file: it compresses better than six small shared
        // chunks and is one request (docs/decisions/007-landing-bundle-budget.md). Lazy pages import from it.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
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
