import { expect, signUpViaApi, test } from './fixtures.ts';

/**
 * Public pages prerendered at build time (issue 18, docs/decisions/027-performance.md): the HTML holds
 * the page, a browser without JavaScript (a crawler, a link preview) reads it, the app hydrates it
 * without a mismatch (any console error fails the test), and a signed-in visitor gets the app shell,
 * never a flash of the signed-out page.
 */

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
    expect(html).toContain('<div id="root" data-prerendered="signed-out">');
    expect(html).toContain(text);
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
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain('Get Started for Free');

  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Return to App' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});
