import { expect, test, uniqueEmail, verificationLinkIn, waitForMail } from './fixtures.ts';

// Decision 017: a new account is asked, gently, to follow the link mailed to it; once it does, the banner goes.
test('a new user sees the verification banner, follows the link from the e-mail, and the banner is gone', async ({ page }) => {
  const email = uniqueEmail('verify');
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Vera');
  await page.getByLabel('Last name').fill('Fied');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('password 1234');
  await page.getByLabel('Confirm password').fill('password 1234');
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).click();
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signup/);

  await page.goto('/chat');
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner).toContainText(`Please verify your email address. We sent a link to ${email}.`);
  // The signup just sent one: a resend right away is paced.
  await banner.getByRole('button', { name: 'Resend email' }).click();
  await expect(page.getByText('We just sent you a verification email. Please wait a minute before asking for another.')).toBeVisible();

  const mail = await waitForMail(email);
  expect(mail.subject).toBe('Verify your email address for Corner Office');
  await page.goto(verificationLinkIn(mail.text));
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await expect(page.getByText('Your email address is verified. Thank you!')).toBeVisible();
  await page.getByRole('link', { name: 'Continue to Chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('textbox', { name: /message/i })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
