/**
 * Screenshots of checkout and the subscription summary for a human to look at: phone (390 px) and
 * desktop (1280 px), light and dark; the address step, the payment step, success, the no-Stripe
 * state and the profile menu of a subscriber. `npx tsx scripts/billing-screenshots.ts [baseUrl]`
 * against a server with Stripe pointed at the fake (the end-to-end server: tests/e2e/serve.ts).
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';

const [baseUrl = 'http://127.0.0.1:3141'] = process.argv.slice(2);
const outDir = 'tmp/screenshots/billing';
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

async function shot(page: Page, name: string, fullPage = true) {
  await page.waitForTimeout(300);
  const path = `${outDir}/${name}.png`;
  await page.screenshot({ path, fullPage });
  console.log(path);
}

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    const tag = `${width}-${scheme}`;
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: width < 500 ? 844 : 860 }, colorScheme: scheme, deviceScaleFactor: 1 });
    await context.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
    const page = await context.newPage();
    const email = `billing.shots.${Date.now()}.${tag}@example.com`;
    const signup = await page.request.post('/api/auth/signup', { data: { firstName: 'Morgan', lastName: 'Reyes', email, password: 'screenshots 1234' } });
    if (!signup.ok()) throw new Error(await signup.text());

    await page.route('**/api/stripe-config', (route) => route.fulfill({ json: { publicKey: null, jsUrl: null } }));
    await page.goto('/checkout', { waitUntil: 'networkidle' });
    await shot(page, `not-configured-${tag}`);
    await page.unroute('**/api/stripe-config');

    await page.goto('/checkout', { waitUntil: 'networkidle' });
    await page.getByLabel('Street address').fill('1 Market Street');
    await page.getByLabel('City').fill('Philadelphia');
    await page.getByLabel('State / Province').fill('PA');
    await page.getByLabel('Postal code').fill('19103');
    await shot(page, `address-${tag}`);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const frame = page.frameLocator('iframe[title="Secure payment input frame"]');
    await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByTestId('order-total').waitFor();
    await shot(page, `payment-${tag}`);
    await frame.getByLabel('Expiration date').fill('1240');
    await frame.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: /^Subscribe/ }).click();
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await shot(page, `success-${tag}`);
    await page.waitForURL(/\/chat$/);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await shot(page, `profile-summary-${tag}`, false);
    await page.getByRole('menuitem', { name: 'Cancel Subscription' }).click();
    await shot(page, `cancel-dialog-${tag}`, false);
    await context.close();
  }
}
await browser.close();
