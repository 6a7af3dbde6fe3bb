import type { Page } from '@playwright/test';
import { formatPrice, plans } from '../../src/contract/plans.ts';
import { expect, signUpViaApi, test, uniqueEmail } from './fixtures.ts';

const savings = `Save ${plans.yearly.savings}%`;
const session = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);

async function openUpgrade(page: Page) {
  await page.getByRole('article', { name: 'Premium' }).getByRole('button', { name: 'Upgrade to Premium' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('/plans: two cards, Sign In for visitors, and the upgrade dialog offers Yearly first with the computed saving', async ({ page }) => {
  await page.goto('/plans');
  await expect(page).toHaveTitle('Plans & Pricing - Corner Office');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  await expect(page.getByRole('article', { name: 'Free Tier' }).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  const premium = page.getByRole('article', { name: 'Premium' });
  await expect(premium).toContainText(formatPrice(plans.monthly.price));
  await expect(premium).toContainText(`save ${plans.yearly.savings}%`);

  const dialog = await openUpgrade(page);
  const yearly = dialog.getByRole('radio', { name: /Yearly/ });
  await expect(yearly).toBeChecked();
  await expect(dialog).toContainText(savings);
  await expect(dialog).toContainText(`${formatPrice(plans.yearly.price)}/year`);
  await expect(dialog).toContainText(`${formatPrice(plans.yearly.monthlyEquivalent)}/month, billed yearly`);
  await expect(dialog).toContainText(`${formatPrice(plans.monthly.price)}/month`);
});

test('on a 390 px phone "Compare plans" shows both plans side by side, without a sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/plans');
  const table = page.getByRole('table', { name: 'What the Free Tier and Premium include' });
  await table.scrollIntoViewIfNeeded();
  for (const plan of ['Free Tier', 'Premium']) {
    const box = (await table.getByRole('columnheader', { name: plan, exact: true }).boundingBox())!;
    expect(box.x, plan).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, plan).toBeLessThanOrEqual(390);
  }
  await expect(table.getByRole('row', { name: /Conversation history and search/ }).getByRole('cell').last()).toContainText('Included');
  const overflow = await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth);
  expect(overflow).toBe(0);
});

test('a visitor choosing Yearly goes to /signup with the plan, and the signup form shows it', async ({ page }) => {
  await page.goto('/plans');
  const dialog = await openUpgrade(page);
  await dialog.getByRole('button', { name: 'Continue to Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup\?plan=yearly$/);
  await expect(page.getByRole('heading', { name: 'Create Account - Yearly Plan' })).toBeVisible();
  expect(await session(page, 'signupPlan')).toBe('yearly');
});

test('a visitor choosing Monthly on the landing page goes to /signup with the monthly plan', async ({ page }) => {
  await page.goto('/');
  const dialog = await openUpgrade(page);
  await dialog.getByRole('radio', { name: /Monthly/ }).check();
  await dialog.getByRole('button', { name: 'Continue to Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup\?plan=monthly$/);
  await expect(page.getByRole('heading', { name: 'Create Account - Monthly Plan' })).toBeVisible();
  expect(await session(page, 'signupPlan')).toBe('monthly');
});

test('a signed-in user choosing a plan goes to /checkout with it stored as checkoutPlan', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/plans');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Return to App' })).toHaveAttribute('href', '/chat');
  let dialog = await openUpgrade(page);
  await dialog.getByRole('radio', { name: /Monthly/ }).check();
  await dialog.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await session(page, 'checkoutPlan')).toBe('monthly');
  await expect(page.getByRole('radio', { name: /^Monthly/ })).toBeChecked();

  await page.goto('/');
  dialog = await openUpgrade(page);
  await dialog.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await session(page, 'checkoutPlan')).toBe('yearly');
  await expect(page.getByRole('radio', { name: /^Yearly/ })).toBeChecked();
  await expect(page.getByText(`${formatPrice(plans.yearly.price)}/yr`)).toBeVisible();
});

test('a visitor who signs up after choosing a plan in the dialog arrives at checkout with that plan', async ({ page }) => {
  await page.goto('/plans');
  const dialog = await openUpgrade(page);
  await dialog.getByRole('radio', { name: /Monthly/ }).check();
  await dialog.getByRole('button', { name: 'Continue to Sign Up' }).click();
  await page.getByLabel('First name').fill('Plan');
  await page.getByLabel('Last name').fill('Chooser');
  await page.getByLabel('Email').fill(uniqueEmail('dialog'));
  await page.getByLabel('Password', { exact: true }).fill('password 1234');
  await page.getByLabel('Confirm password').fill('password 1234');
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).click();
  await page.getByRole('button', { name: 'Create Account & Continue' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('radio', { name: /^Monthly/ })).toBeChecked();
});

test('/checkout asks visitors to sign in first', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fcheckout$/);
});
