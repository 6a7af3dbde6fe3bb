import type { Page } from '@playwright/test';
import { appReady, expect, signUpViaApi, test } from './fixtures.ts';

// These journeys start with no cookie choice at all.
test.use({ cookieConsent: null });

const banner = (page: Page) => page.getByRole('region', { name: 'Your privacy, your choice' });
const localChoice = (page: Page) => page.evaluate(() => localStorage.getItem('cookieConsent'));

/** A signed-in user's choice: the banner goes at once and the choice is saved to the account behind it; this waits for the save. */
async function chooseAsAccount(page: Page, button: 'Accept All' | 'Essential Only') {
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/cookie-consent' && response.request().method() === 'POST');
  await banner(page).getByRole('button', { name: button }).click();
  await expect(banner(page)).toBeHidden();
  expect((await saved).ok()).toBe(true);
}

/** Records the page views the browser reports (there must be none before 'Accept All'). */
function recordPageViews(page: Page): string[] {
  const views: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analytics/page-view')) views.push((request.postDataJSON() as { path: string }).path);
  });
  return views;
}

/**
 * Waits until the page has run the effects of what it just rendered (a page view is requested from
 * one), proven by a request it makes afterwards: a page view asked for before would be recorded
 * before that request is. A condition, not a sleep.
 */
async function pageSettled(page: Page): Promise<void> {
  const marker = page.waitForRequest((request) => request.url().endsWith('/api/health?settled'));
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          setTimeout(() => {
            void fetch('/api/health?settled');
            resolve();
          }, 0),
        ),
      ),
  );
  await marker;
}

test('a visitor sees the banner on every page until choosing; Essential Only is kept across reloads and sends no page views', async ({ page }) => {
  const views = recordPageViews(page);
  for (const path of ['/', '/plans', '/contact', '/signin', '/privacy-policy', '/no-such-page']) {
    await page.goto(path);
    await expect(banner(page)).toBeVisible();
  }
  await expect(banner(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy#cookies');

  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Essential Only' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await localChoice(page)).toBe('false');

  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect(banner(page)).toBeHidden();
  await page.goto('/plans');
  await page.getByRole('link', { name: 'Corner Office' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await pageSettled(page);
  expect(views).toEqual([]);
});

test('Accept All is kept across reloads and turns on page views, reported on every route change', async ({ page }) => {
  const views = recordPageViews(page);
  await page.goto('/plans');
  await pageSettled(page);
  expect(views).toEqual([]);

  await banner(page).getByRole('button', { name: 'Accept All' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await localChoice(page)).toBe('true');
  await expect.poll(() => views).toEqual(['/plans']);

  await page.getByRole('link', { name: 'Contact' }).last().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(() => views).toEqual(['/plans', '/contact']);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Talk to a human' })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => views).toEqual(['/plans', '/contact', '/contact']);
});

test('a signed-in user’s choice is stored on the account and kept across reloads and browsers', async ({ page, browser }) => {
  const user = await signUpViaApi(page);
  const views = recordPageViews(page);
  // The account's choice comes with /api/auth/me: the pages never ask for it separately.
  const consentReads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && request.url().endsWith('/api/cookie-consent')) consentReads.push(request.url());
  });
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await chooseAsAccount(page, 'Accept All');

  const stored = await (await page.request.get('/api/cookie-consent')).json();
  expect(stored.cookiesAccepted).toBe(true);
  expect(Date.now() - new Date(stored.cookieConsentDate).getTime()).toBeLessThan(60_000);
  // Kept on the server, not in this browser.
  expect(await localChoice(page)).toBeNull();
  await expect.poll(() => views.length).toBeGreaterThan(0);

  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect(banner(page)).toBeHidden();
  await page.goto('/chat');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  expect(consentReads).toEqual([]);

  // Another browser, same account: no banner there either.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const signIn = await otherPage.request.post('/api/auth/signin', { data: { email: user.email, password: user.password } });
  expect(signIn.ok()).toBe(true);
  await otherPage.goto('/plans');
  await otherPage.getByRole('heading', { level: 1 }).waitFor();
  await expect(banner(otherPage)).toBeHidden();
  await other.close();
});

test('Essential Only for a signed-in user is stored as false, and a second account on the same browser is asked again', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/contact');
  await chooseAsAccount(page, 'Essential Only');
  expect((await (await page.request.get('/api/cookie-consent')).json()).cookiesAccepted).toBe(false);

  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect(banner(page)).toBeHidden();

  // Someone else signs up in this browser: their own (empty) choice applies.
  await signUpViaApi(page);
  await page.goto('/contact');
  await expect(banner(page)).toBeVisible();
});

test('a choice made as a visitor is kept when the visitor then signs up', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Accept All' }).click();
  await signUpViaApi(page);
  await page.goto('/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect(banner(page)).toBeHidden();
  await expect.poll(async () => (await (await page.request.get('/api/cookie-consent')).json()).cookiesAccepted).toBe(true);
});

test('the banner can be answered with the keyboard alone', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  await appReady(page);
  const essential = banner(page).getByRole('button', { name: 'Essential Only' });
  for (let i = 0; i < 80 && !(await essential.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(essential).toBeFocused();
  await expect(essential).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeHidden();
  expect(await localChoice(page)).toBe('false');
});

test('on a 390 px phone the banner never covers the chat composer: the question can be typed and sent before choosing', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page);
  await page.goto('/chat');
  await expect(banner(page)).toBeVisible();
  const input = page.getByRole('textbox', { name: 'Message' });
  const send = page.getByRole('button', { name: 'Send message' });
  // The shell paints the banner before the app (decision 046); the chat comes with the app.
  await expect(input).toBeVisible();
  const bannerTop = (await banner(page).boundingBox())!.y;
  for (const control of [input, send]) {
    const box = (await control.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(bannerTop);
  }
  await input.fill('Can I ask before choosing?');
  await send.click();
  await expect(page.getByTestId('user-message')).toContainText('Can I ask before choosing?');
  // Once the visitor chooses, the chat takes the whole screen again.
  await banner(page).getByRole('button', { name: 'Essential Only' }).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(async () => (await send.boundingBox())!.y + (await send.boundingBox())!.height).toBeGreaterThan(bannerTop);
});

test('a prerendered page paints the banner for a visitor who has not chosen, and never for one who has, before the app has loaded', async ({ page }) => {
  // The app's script refused: what the browser shows from the page's HTML alone, as before hydration.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/plans');
  await expect(page.getByRole('heading', { level: 1, name: 'Simple plans for serious decisions' })).toBeVisible();
  await expect(banner(page)).toBeVisible();
  // Its buttons have no handler yet, and say so: a press is not taken and lost.
  await expect(banner(page).getByRole('button', { name: 'Accept All' })).toHaveAttribute('aria-disabled', 'true');
  await expect(banner(page).getByRole('button', { name: 'Essential Only' })).toHaveAttribute('aria-disabled', 'true');

  // A visitor who chose: the banner is in the HTML, hidden from the first paint by the page's inline script.
  await page.evaluate(() => localStorage.setItem('cookieConsent', 'false'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Simple plans for serious decisions' })).toBeVisible();
  await expect(page.locator('[data-cookie-banner]')).toHaveCount(1);
  await expect(banner(page)).toBeHidden();

  // With the app: hydrated, React removes the banner and takes over from the mark.
  await page.unrouteAll();
  await page.reload();
  await expect(page.locator('[data-cookie-banner]')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-cookie-choice');
  await page.evaluate(() => localStorage.removeItem('cookieConsent'));
  await page.reload();
  await expect(banner(page).getByRole('button', { name: 'Accept All' })).not.toHaveAttribute('aria-disabled');
  await banner(page).getByRole('button', { name: 'Accept All' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await localChoice(page)).toBe('true');
});

test('the shell of a signed-in account that has not chosen paints the banner before the app; the app takes it over, and once chosen it never shows', async ({ page }) => {
  await signUpViaApi(page);
  // The page's script refused: what the browser shows from the shell's HTML alone, before the app.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/chat');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Accept All' })).toHaveAttribute('aria-disabled', 'true');
  await expect(banner(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy#cookies');

  // This browser has a choice (the account will adopt it): hidden from the first paint by the inline script.
  await page.evaluate(() => localStorage.setItem('cookieConsent', 'false'));
  await page.reload();
  await expect(page.locator('[data-cookie-banner]')).toHaveCount(1);
  await expect(banner(page)).toBeHidden();

  // With the app: its own banner replaces the shell's copy, one banner on the page, and it works.
  await page.evaluate(() => localStorage.removeItem('cookieConsent'));
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Essential Only' })).not.toHaveAttribute('aria-disabled');
  await expect(page.locator('[data-cookie-banner]')).toHaveCount(1);
  await expect(page.locator('[data-shell-cookie-banner]')).toHaveCount(0);
  await chooseAsAccount(page, 'Essential Only');
  expect(await localChoice(page)).toBeNull();

  // The account has chosen: its shell carries no banner at all, even in a browser without a choice.
  await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
  await page.reload();
  await expect(page.locator('#root')).toBeAttached();
  await expect(page.locator('[data-cookie-banner]')).toHaveCount(0);
});
