import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const e2eBaseUrl = `http://127.0.0.1:${port}`;

/** Flags that work on machines without a GPU, a sandbox or outside network (see DESIGN.md). */
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined };

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Two in CI: on 2 cores, four workers (four Chromiums, axe, the server) saturated the CPU and journeys
  // timed out. E2E_WORKERS overrides.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : process.env.CI ? 2 : undefined,
  // No automatic retries, in CI either: a test that passes only on a second try is a bug to fix.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'tmp/playwright-report' }]],
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'tmp/test-results',
  // The run must leave as many users as it found: every test deletes the users it signed up (fixtures.ts).
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  use: {
    baseURL: e2eBaseUrl,
    // A failed journey keeps its trace: every action's DOM snapshot (which the trace viewer renders as the page),
    // network, console and the failure's screenshot. Not the screencast filmstrip: recording it for every test
    // (a JPEG per frame, sent to the runner, dropped when the test passes) cost a fifth of the suite's time
    // (41 journeys: 194-195 s with it, 151-159 s without, two A/B runs; decision 038).
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The service worker precaches the whole build (62 files, about 2 MB) in every new browser context: on 2 shared cores
    // that was 11 % of the journeys' time. pwa.spec.ts and the core chat and account journeys allow it
    // (test.use({ serviceWorkers: 'allow' })); decision 038.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', testIgnore: '**/*.solo.spec.ts', use: desktop },
    // Journeys that read figures every other journey changes (the admin's count of all accounts) run after the rest,
    // with nothing beside them. A file filter does not reach a dependency project: to run only a solo file, add --no-deps.
    { name: 'desktop-solo', testMatch: '**/*.solo.spec.ts', dependencies: ['desktop'], use: desktop },
  ],
  webServer: {
    // The built server with the demo AI model, a fresh database and a real SMTP sink (tests/e2e/serve.ts).
    command: 'npx tsx --no-wasm-code-gc tests/e2e/serve.ts',
    url: `${e2eBaseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
