import { expect, test } from './fixtures.ts';

/**
 * Issue 29, point 21 (decision 058): a visitor's browser logs no failed /api/auth/me on any public page, whether
 * the page came prerendered from the server or as the app shell (the installed app's service worker serves the
 * shell for every page), and /verify-email answers 200 like the page it renders.
 */
test.use({ serviceWorkers: 'allow' });

test('a visitor browses every public page, from the server and from the service worker, without one failed /api/auth/me', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/me' && response.status() >= 400) failed.push(`${response.status()} on ${page.url()}`);
  });
  const checks: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/me') checks.push(page.url());
  });

  const verify = await page.goto('/verify-email?token=made-up');
  expect(verify?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Verification failed' })).toBeVisible();

  const paths = ['/', '/plans', '/contact', '/signin', '/signup', '/privacy-policy', '/terms-and-conditions', '/reset-password?token=x', '/no/such/page'];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  // Now the service worker controls the pages: every navigation gets the kept shell, which asks who is signed in.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  expect(checks.length, 'the shell asked who is signed in at least once').toBeGreaterThan(0);
  expect(failed).toEqual([]);
});
