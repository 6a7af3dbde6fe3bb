/**
 * Screenshots of the document attachments at 390 px and 1280 px, light and dark, into
 * tmp/screenshots: the upload dialog, the staged list, and a message with its documents and the
 * analysis. Against a running e2e server (demo model, testPremium honoured):
 * `E2E_PORT=3141 npx tsx tests/e2e/serve.ts`, then `npx tsx scripts/documents-screenshots.ts http://127.0.0.1:3141`.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [baseUrl = 'http://127.0.0.1:3141'] = process.argv.slice(2);
const outDir = 'tmp/screenshots';
mkdirSync(outDir, { recursive: true });
const fixture = (name: string) => new URL(`../tests/fixtures/documents/${name}`, import.meta.url).pathname;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const scheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: width < 500 ? 844 : 800 }, colorScheme: scheme, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.localStorage.setItem('cookieConsent', 'false');
      window.localStorage.setItem('testPremium', 'true');
    });
    const email = `shots-${Date.now()}-${width}-${scheme}@example.com`;
    await page.request.post('/api/auth/signup', { data: { firstName: 'Grace', lastName: 'Hopper', email, password: 'a long enough secret' } });
    await page.goto('/chat');
    const shot = async (name: string) => {
      await page.waitForTimeout(300);
      const path = `${outDir}/documents-${name}-${width}-${scheme}.png`;
      await page.screenshot({ path });
      console.log(path);
    };
    // An upload in progress: a large file on a throttled connection, then cancelled.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 512 * 1024 });
    await page.getByRole('button', { name: 'Attach a document' }).click();
    await page.getByLabel('Choose a file').setInputFiles({ name: 'Q3 board pack (final).pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(12 * 1024 * 1024, 1) });
    await page.getByRole('textbox', { name: 'Message' }).fill('What should I worry about in the board pack?');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await page.getByRole('progressbar').waitFor();
    await page.waitForTimeout(2500);
    await shot('uploading');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: /^Remove / }).click();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.waitForTimeout(3500);
    await page.getByRole('button', { name: 'Attach a document' }).click();
    await shot('dialog');
    await page.getByLabel('Choose a file').setInputFiles(fixture('budget.xlsx'));
    await page.getByRole('textbox', { name: 'Message' }).fill('What is the marketing budget?');
    await shot('staged');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await page.getByTestId('message-document').waitFor();
    await page.locator('[data-testid="assistant-message"][data-status="complete"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('message-document').scrollIntoViewIfNeeded();
    await shot('message');
    await page.getByTestId('message-document').click();
    await shot('analysis');
    await context.close();
  }
}
await browser.close();
