import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const openMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  return menu;
};

test('on a phone the header links live in a slide-in menu that any link closes', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Features' })).toBeHidden();
  const trigger = page.getByRole('button', { name: 'Open menu' });
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');

  for (const [name, id] of [
    ['Features', 'features'],
    ['Pricing', 'pricing'],
    ['About', 'about'],
  ] as const) {
    const menu = await openMenu(page);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(page.locator(`#${id}`)).toBeInViewport();
    // Its heading ends up below the sticky header, not under it (issue 29, point 19).
    await expect
      .poll(async () => {
        const heading = await page.locator(`#${id}-title`).boundingBox();
        const header = await page.getByRole('banner').boundingBox();
        return heading && header ? Math.round(heading.y - (header.y + header.height)) : -1;
      }, { message: `the ${name} heading is below the header` })
      .toBeGreaterThanOrEqual(0);
  }

  let menu = await openMenu(page);
  await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  await expect(menu.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/plans');
  await menu.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { name: 'Talk to a human' })).toBeVisible();

  await page.goto('/');
  menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/plans$/);
});

test('the menu closes on a backdrop tap, on Escape and with its close button, and gives focus back', async ({ page }) => {
  await page.goto('/');
  let menu = await openMenu(page);
  // The backdrop: the part of the screen left of the panel.
  await page.mouse.click(20, 400);
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  menu = await openMenu(page);
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

  menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
  // The page scrolls again once the menu is closed.
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
});

test('a signed-in user finds Return to App in the menu', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/');
  const menu = await openMenu(page);
  await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await menu.getByRole('button', { name: 'Return to App' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/chat$/);
});
