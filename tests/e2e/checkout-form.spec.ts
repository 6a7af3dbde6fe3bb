import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { settled, showScheme } from './settled.ts';

/**
 * The checkout's controls are the app's own (issue 29, point 20): Country is the styled listbox, usable by
 * keyboard and named by its label, and the page is drawn in the app's font from its first paint.
 */
const shots = process.env.SHOTS_DIR;

/** The font the browser really drew a node's text with (Chromium's own report, not the CSS asked for). */
async function renderedFont(page: Page, selector: string): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts.map((font) => `${font.familyName}${font.isCustomFont ? ' (web font)' : ''}`).join(', ');
}

test('Country is the app listbox, chosen by keyboard, and the checkout is drawn in Inter from the first paint', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Billing address' });
  const country = form.getByRole('combobox', { name: 'Country' });
  await expect(country).toHaveText('United States');
  expect(await renderedFont(page, 'h1')).toBe('Inter (web font)');

  await country.focus();
  await page.keyboard.press('Enter');
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  await expect(list.getByRole('option', { name: 'United States' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.type('Germ');
  await expect(list.getByRole('option', { name: 'Germany' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(list).toHaveCount(0);
  await expect(country).toHaveText('Germany');
  await expect(country).toBeFocused();
  // Germany needs no state: the field says so.
  await expect(form.getByText('State / Province (optional)')).toBeVisible();

  for (const width of shots ? [1280, 390] : []) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await country.scrollIntoViewIfNeeded();
      await country.click();
      await expect(list).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `${shots}/checkout-country-${width}-${scheme}.png` });
      await page.keyboard.press('Escape');
      await expect(list).toHaveCount(0);
    }
  }
});

test("the card fields (the payment provider's frame) are drawn in the app's font, not the system's", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Billing address' });
  await form.getByLabel('Street address').fill('1 Market Street');
  await form.getByLabel('City').fill('Philadelphia');
  await form.getByLabel('Postal code').fill('19103');
  await form.getByLabel('State / Province').fill('PA');
  await form.getByRole('button', { name: 'Continue to Payment' }).click();
  const label = page.frameLocator('iframe[title="Secure payment input frame"]').getByText('Card number');
  await expect(label).toBeVisible();
  const drawnWith = await label.evaluate(async (element) => {
    await document.fonts.ready;
    return { family: getComputedStyle(element).fontFamily, loaded: [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family) };
  });
  expect(drawnWith.family).toMatch(/^"Inter Variable"/);
  expect(drawnWith.loaded).toContain('"Inter Variable"');
  if (shots) {
    for (const scheme of ['light', 'dark'] as const) {
      await showScheme(page, scheme);
      await page.screenshot({ path: `${shots}/checkout-payment-1280-${scheme}.png` });
    }
  }
});

test('a checkout whose first paint missed the font (a slow first load) is drawn in Inter once the file arrives', async ({ page }) => {
  await signUpViaApi(page);
  // The font takes 1.5 s: well past the first paint's short wait for an optional font.
  await page.route(/inter-latin-wght-normal-[\w-]+\.woff2$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => renderedFont(page, 'h1'), { timeout: 10_000 }).toBe('Inter (web font)');
});
