import { expect, test } from './fixtures.ts';

test('an unknown address answers 404 with the Page Not Found page, noindex, and Go Home leads to /', async ({ page }) => {
  const response = await page.goto('/this/page/does-not-exist?x=1');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Page Not Found - Corner Office');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("Sorry, we couldn't find the page you're looking for. It may have been moved or doesn't exist.")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);

  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Corner Office - AI Executive Advisor');
  // Back on an indexable page, the head says so again.
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
});

test('the app arriving before the page\'s own chunk hydrates the Page Not Found page as sent: no spinner in between, and Go Home still leads to /', async ({ page }) => {
  // The page's chunk held back: the app (React, the router) arrives first and hydrates what it can.
  let releaseChunk!: () => void;
  const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
  await page.route(/\/assets\/not-found-page-[\w-]+\.js$/, async (route) => {
    await chunkHeld;
    await route.continue();
  });
  await page.goto('/this/page/does-not-exist?x=1');
  const goHome = page.getByRole('link', { name: 'Go Home' });
  // The prerendered link, marked so a replaced one would show.
  await goHome.evaluate((link) => Object.assign(link, { prerenderedNode: true }));
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer'))))
    .toBe(true);
  // Hydrating at '/404' and moving to this address once the shell was up swapped the page for a spinner
  // here, until the chunk came (a press on Go Home in that moment was lost).
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  releaseChunk();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  expect(await goHome.evaluate((link) => (link as HTMLAnchorElement & { prerenderedNode?: boolean }).prerenderedNode)).toBe(true);
  await goHome.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Corner Office - AI Executive Advisor');
});

test('moving to an unknown route inside the app shows the same page and marks it noindex', async ({ page }) => {
  await page.goto('/plans');
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await page.evaluate(() => {
    window.history.pushState(null, '', '/gone-missing');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found - Corner Office');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
});

test('every public page sends its own title, description and canonical in the HTML, before any script runs', async ({ request }) => {
  for (const [path, title] of [
    ['/', 'Corner Office - AI Executive Advisor'],
    ['/plans', 'Plans &#38; Pricing - Corner Office'],
    ['/contact', 'Contact Us - Corner Office'],
    ['/privacy-policy', 'Privacy Policy - Corner Office'],
    ['/terms-and-conditions', 'Terms &#38; Conditions - Corner Office'],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://127\\.0\\.0\\.1:\\d+${path === '/' ? '/' : path}"`));
    expect(html).toContain('<meta property="og:image" content="http://127.0.0.1');
    expect(html).not.toContain('noindex');
  }
  const image = await request.get('/og-image.png');
  expect(image.headers()['content-type']).toBe('image/png');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: ');
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/privacy-policy</loc>');
});
