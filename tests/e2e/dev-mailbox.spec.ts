import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures.ts';
import { e2eNoStripeFile } from './paths.ts';

/**
 * Issue 29, point 1 and must-deliver 3 (decision 056): on a server with no SMTP_URL, as the README's quick start
 * runs it, mail lands in the outbox and the development mailbox at /dev/mail, where its links can be followed.
 * The second server of tests/e2e/serve.ts is that machine: no SMTP, no Stripe.
 */
const origin = () => (JSON.parse(readFileSync(e2eNoStripeFile, 'utf8')) as { url: string }).url;

async function signUp(page: Page, email: string, password: string) {
  await page.goto(`${origin()}/signup`);
  await page.getByLabel('First name').fill('Olive');
  await page.getByLabel('Last name').fill('Outbox');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).click();
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signup/);
}

/** Opens the newest message to `email` whose subject starts with `subject` in the mailbox, and returns the page. */
async function openMail(page: Page, email: string, subject: string) {
  await page.goto(`${origin()}/dev/mail`);
  await expect(page.getByRole('heading', { name: 'Development mailbox', level: 1 })).toBeVisible();
  const item = page.getByRole('list', { name: 'Messages' }).getByRole('link').filter({ hasText: email }).filter({ hasText: subject }).first();
  await item.click();
  await expect(page.getByRole('heading', { name: new RegExp(`^${subject}`), level: 2 })).toBeVisible();
  await expect(page.getByRole('article')).toContainText(`To${email}`);
}

test('sign up, open /dev/mail, follow the verification link: the account is verified', async ({ page }) => {
  const email = uniqueEmail('outbox');
  await signUp(page, email, 'password 1234');
  await page.goto(`${origin()}/chat`);
  await expect(page.getByRole('region', { name: 'Email verification' })).toBeVisible();

  await openMail(page, email, 'Verify your email address');
  await page.getByRole('article').getByRole('link', { name: /\/verify-email\?token=/ }).click();
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await page.goto(`${origin()}/chat`);
  await expect(page.getByRole('textbox', { name: /message/i })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Email verification' })).toHaveCount(0);
});

test("the README's quick start: sign up as the ADMIN_EMAILS address, verify from the outbox and the account is an admin, then reset the password from the outbox", async ({ page }) => {
  const email = 'readme-admin@example.com';
  await signUp(page, email, 'first password 1');

  await openMail(page, email, 'Verify your email address');
  await page.getByRole('article').getByRole('link', { name: /\/verify-email\?token=/ }).click();
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  // The mailbox is proven: the operator's account is an admin now.
  await page.goto(`${origin()}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();

  // Sign out, then "Forgot Password?" on the sign-in page.
  await page.context().clearCookies();
  await page.goto(`${origin()}/signin`);
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog).toBeHidden();

  await expect(async () => {
    await openMail(page, email, 'Reset your Corner Office password');
  }).toPass({ timeout: 15_000 });
  await page.getByRole('article').getByRole('link', { name: /\/reset-password\?token=/ }).click();
  await page.getByLabel('New password', { exact: true }).fill('second password 2');
  await page.getByLabel('Confirm new password').fill('second password 2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Complete!' })).toBeVisible();

  await page.goto(`${origin()}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('second password 2');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await page.goto(`${origin()}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
});
