/**
 * Screenshots of pages at phone (390 px) and desktop (1280 px) widths, light and dark, for a
 * human to look at: `npx tsx scripts/screenshots.ts [baseUrl] [path...]` (server must be running).
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const [baseUrl = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);
const targets = paths.length ? paths : ['/', '/signin', '/signup', '/reset-password?token=x', '/does-not-exist'];
const outDir = 'tmp/screenshots';
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const scheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 800 }, colorScheme: scheme, deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const target of targets) {
      await page.goto(new URL(target, baseUrl).toString(), { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const name = `${target.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${width}-${scheme}.png`;
      await page.screenshot({ path: `${outDir}/${name}`, fullPage: true });
      console.log(`${outDir}/${name}`);
    }
    await context.close();
  }
}
await browser.close();
