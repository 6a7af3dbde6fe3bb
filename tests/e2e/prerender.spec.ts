import { accountMessages } from '../../src/contract/account.ts';
import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test } from './fixtures.ts';

/**
 * Public pages prerendered at build time (issue 18, docs/decisions/027-performance.md): the HTML holds
 * the page, a browser without JavaScript (a crawler, a link preview) reads it, the app hydrates it
 * without a mismatch (any console error fails the test), and a signed-in visitor gets the app shell,
 * never a flash of the signed-out page.
 */

/**
 * Opens `path` with the app's chunk held back until `release()`: the page as a visitor on a slow network
 * sees it, painted from its HTML, before the app has arrived. Resolves once the page asked for the app.
 */
async function openWithoutTheApp(page: Page, path: string): Promise<{ release(): Promise<void> }> {
  const held: Array<() => Promise<void>> = [];
  await page.route(/\/assets\/app-[\w-]+\.js$/, (route) => {
    held.push(() => route.continue());
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect.poll(() => held.length).toBe(1);
  return {
    async release() {
      for (const next of held.splice(0)) await next();
    },
  };
}

test('a visitor gets each public page as HTML; without JavaScript it reads; with it, the page hydrates and works', async ({ page, browser, baseURL }) => {
  // What the server sends, as a crawler reads it: the page's words in the HTML, the names filled in.
  for (const [path, text] of [
    ['/', 'A seasoned executive in your corner, whenever you need one.'],
    ['/plans', 'Simple plans for serious decisions'],
    ['/signin', 'Welcome Back'],
    ['/no-such-page', 'Page Not Found'],
  ] as const) {
    const response = await page.request.get(path);
    expect(response.status()).toBe(path === '/no-such-page' ? 404 : 200);
    const html = await response.text();
    expect(html).toMatch(/<div id="root" data-prerendered="signed-out" data-app="\/assets\/app-[\w-]+\.js"[^>]*>/);
    expect(html).toContain(text);
    // The page it is, so that the app hydrates it only at this address (src/client/main.tsx).
    expect(html).toContain(`data-path="${path === '/no-such-page' ? '/404' : path}"`);
    expect(html).not.toContain('%%APP_NAME%%');
    expect(response.headers()['content-encoding']).toBe('br');
  }

  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto('/plans');
  await expect(still.getByRole('heading', { level: 1, name: 'Simple plans for serious decisions' })).toBeVisible();
  await expect(still.getByRole('article', { name: 'Premium' })).toContainText('$9.99');
  await noScript.close();

  // Hydrated: the page answers clicks (the upgrade dialog is React's), and client navigation works.
  await page.goto('/');
  await page.getByRole('article', { name: 'Premium' }).getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page.getByRole('dialog', { name: 'Upgrade to Premium' })).toBeVisible();
  await page.getByRole('button', { name: 'Not Now' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page).toHaveTitle(/^Sign In - /);
});

test('a signed-in visitor gets the app shell, not the signed-out page, and sees their own buttons', async ({ page }) => {
  await signUpViaApi(page);
  const html = await (await page.request.get('/')).text();
  expect(html).toMatch(/<div id="root" data-app="\/assets\/app-[\w-]+\.js"><\/div>/);
  expect(html).not.toContain('Get Started for Free');

  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Return to App' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});

test('a prerendered page is painted before the app is fetched; until it is hydrated nothing typed is lost and the form does not submit itself', async ({ page }) => {
  const user = await signUpViaApi(page);
  await page.context().clearCookies();
  // The app's chunk is held until the test lets it go: the page as a visitor on a slow network sees it first.
  const app = await openWithoutTheApp(page, '/signin');
  // The page's script asked for the app only once the first paint was on screen (src/client/boot.ts).
  expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1);

  // Typed and submitted with Enter before the app is there: the form waits (Sign In is disabled), so the
  // password never goes into the address as a native submission would put it.
  const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
  await expect(signIn).toBeDisabled();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/signin$/);
  expect(page.url()).not.toContain(encodeURIComponent(user.password).slice(0, 4));
  // The page's buttons take no press they would lose: Playwright finds them not hit by the pointer.
  expect(await page.getByRole('button', { name: 'Forgot Password?' }).evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');

  // The app arrives and hydrates the page: what was typed is still there, and the form works.
  await app.release();
  await expect(signIn).toBeEnabled();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(user.password);
  await signIn.click();
  await expect(page).toHaveURL(/\/chat$/);
});

test('when the address changes before the app arrives, the page hydrates as it was sent and then shows the new address', async ({ page }) => {
  const app = await openWithoutTheApp(page, '/plans');
  // A script (or a back press) moves to another address while the prerendered /plans is on screen.
  await page.evaluate(() => window.history.pushState(null, '', '/gone-missing'));
  await app.release();
  // No hydration mismatch (the console-error fixture would fail the test), then the new address's page.
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found - Corner Office');
  await expect(page.getByRole('heading', { name: 'Simple plans for serious decisions' })).toHaveCount(0);
});

test('a photo chosen on the signup page before the app arrives is uploaded once it has', async ({ page }) => {
  const app = await openWithoutTheApp(page, '/signup');
  await page.getByTestId('profile-picture-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await app.release();
  // The choice was not dropped: it is checked as any later one would be.
  await expect(page.getByText(accountMessages.onlyImages)).toBeVisible();
});

test('opening /signup?plan=yearly directly hydrates the prerendered page and then shows the plan', async ({ page }) => {
  await page.goto('/signup?plan=yearly');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  // The plan from the address, after a hydration without mismatch (the console-error fixture checks).
  await expect(page.getByRole('heading', { name: 'Create Account - Yearly Plan' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Yearly/, pressed: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Account & Continue' })).toBeVisible();
});
