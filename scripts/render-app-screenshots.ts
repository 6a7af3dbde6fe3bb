/**
 * Renders the install-dialog screenshots the web app manifest lists (src/contract/pwa.ts) from the
 * built app, so they show the real product: the chat screen of a signed-in account with one question
 * answered by the built-in demo advisor (issue 29, point 20: not the marketing page). The server runs on
 * a throwaway database; the account is made through the API, its address marked verified in that database.
 *   public/screenshots/wide-1280x800.png    desktop install dialog (form_factor wide)
 *   public/screenshots/narrow-390x844.png   phone install sheet (form_factor narrow)
 * Run after `npx vite build`: npx tsx scripts/render-app-screenshots.ts   (the PNGs are committed)
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { markEmailVerified } from '../tests/e2e/control-server.ts';
import { loadConfig } from '../src/server/config.ts';
import { startServer } from '../src/server/start-server.ts';
import { pwaScreenshots } from '../src/contract/pwa.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'screenshots-'));
Object.assign(process.env, { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, AI_PROVIDER: 'demo', LOG_LEVEL: 'warn' });
delete process.env.DATABASE_URL;
const server = await startServer(loadConfig());
const address = server.app.server.address();
const origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
mkdirSync(path.join(root, 'public/screenshots'), { recursive: true });
for (const shot of pwaScreenshots) {
  const [width, height] = shot.sizes.split('x').map(Number) as [number, number];
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, colorScheme: 'light', serviceWorkers: 'block' });
  // The consent banner is not part of the product picture.
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
  const email = `screenshot-${width}@example.com`;
  const signup = await context.request.post(`${origin}/api/auth/signup`, { data: { firstName: 'Alex', lastName: 'Morgan', email, password: 'screenshots only 1' } });
  if (signup.status() !== 201) throw new Error(`Sign-up failed: ${signup.status()} ${await signup.text()}`);
  await markEmailVerified(server.database.db, email);
  const tab = await context.newPage();
  await tab.goto(`${origin}/chat`, { waitUntil: 'networkidle' });
  const input = tab.getByRole('textbox', { name: 'Message' });
  await input.fill('We have two offers for our bakery chain. How do I compare them?');
  await input.press('Enter');
  await tab.locator('[data-testid="assistant-message"][data-status="complete"]').waitFor({ timeout: 60_000 });
  // The question and the start of its answer in view, as a person reads it.
  await tab.getByTestId('user-message').first().evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await tab.evaluate(() => document.fonts.ready);
  await tab.mouse.move(0, height - 1);
  await tab.screenshot({ path: path.join(root, 'public', shot.src) });
  await context.close();
  console.log(shot.src);
}
await browser.close();
await server.app.close();
await server.database.close();
rmSync(dataDir, { recursive: true, force: true });
