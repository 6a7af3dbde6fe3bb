/**
 * Screenshots of the chat screen for a human to look at: phone (390 px) and desktop (1280 px),
 * light and dark; empty, with a demo reply, the profile menu open and the upgrade dialog.
 * `npx tsx scripts/chat-screenshots.ts [baseUrl]` against a running server with AI_PROVIDER=demo.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';

const [baseUrl = 'http://127.0.0.1:3400'] = process.argv.slice(2);
const outDir = 'tmp/screenshots/chat';
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

async function shot(page: Page, name: string) {
  await page.waitForTimeout(250);
  const path = `${outDir}/${name}.png`;
  await page.screenshot({ path });
  console.log(path);
}

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    const tag = `${width}-${scheme}`;
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: width < 500 ? 844 : 860 }, colorScheme: scheme, deviceScaleFactor: 1 });
    // A cookie choice made as a visitor: the consent banner stays out of the pictures.
    await context.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
    const page = await context.newPage();
    const email = `shots.${Date.now()}.${tag}@example.com`;
    const signup = await page.request.post('/api/auth/signup', { data: { firstName: 'Morgan', lastName: 'Reyes', email, password: 'screenshots 1234' } });
    if (!signup.ok()) throw new Error(await signup.text());

    await page.goto('/chat', { waitUntil: 'networkidle' });
    await shot(page, `empty-${tag}`);
    await page.getByRole('button', { expanded: false }).filter({ hasText: 'talking to' }).click();
    await page.getByRole('combobox', { name: 'Talk to' }).click();
    await shot(page, `talk-to-open-free-${tag}`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { expanded: true }).filter({ hasText: 'talking to' }).click();

    await page.getByRole('textbox', { name: 'Message' }).fill('How should we price a new premium tier for our analytics product?');
    await page.keyboard.press('Enter');
    await page.getByTestId('assistant-message').first().waitFor();
    await page.waitForTimeout(1200);
    await shot(page, `streaming-${tag}`);
    await page.locator('[data-testid="assistant-message"][data-status="complete"]').waitFor({ timeout: 30_000 });
    await shot(page, `reply-${tag}`);
    await page.getByRole('main').evaluate((el) => (el.scrollTop = el.scrollHeight / 2.2));
    await shot(page, `reply-middle-${tag}`);

    await page.getByRole('button', { name: 'Profile menu' }).click();
    await shot(page, `profile-menu-${tag}`);
    await page.keyboard.press('Escape');

    // The context folds into one line over the composer at every width (issue 14, point 7).
    await page.getByRole('button', { expanded: false }).filter({ hasText: 'talking to' }).click();
    await shot(page, `selectors-open-${tag}`);
    await page.getByRole('button', { name: 'Upgrade', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    await shot(page, `upgrade-${tag}`);
    await page.keyboard.press('Escape');

    // Premium: selectors stay open mid-conversation, the star shows.
    await page.evaluate(() => localStorage.setItem('testPremium', 'true'));
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('button', { expanded: false }).filter({ hasText: 'talking to' }).click();
    await page.getByRole('combobox', { name: 'Talk to' }).click();
    await shot(page, `talk-to-open-premium-${tag}`);
    await page.getByRole('option', { name: 'CFO' }).click();
    await page.getByTestId('system-message').waitFor();
    await shot(page, `premium-switch-${tag}`);
    await context.close();
  }
}
await browser.close();
