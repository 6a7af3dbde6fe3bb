import { authText } from '../../src/contract/auth.ts';
import { expect, test, uniqueEmail, waitForMailWhere } from './fixtures.ts';

// A core journey runs as a returning user has it: under the service worker (blocked elsewhere: decision 038).
test.use({ serviceWorkers: 'allow' });

test('sign up, sign out, reset a forgotten password by e-mail, sign in and stay signed in after reopening the browser', async ({ page, browser }) => {
  const email = uniqueEmail('journey');
  const password = 'first password 123';
  const newPassword = 'second password 456';

  // Sign up on the free tier.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create Account - Free Tier' })).toBeVisible();
  await expect(page).toHaveTitle(/Create Account - Corner Office/);
  await page.getByLabel('First name').fill('Margaret');
  await page.getByLabel('Last name').fill('Hamilton');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'terms & conditions' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'I accept' }).click();
  await expect(page.getByRole('checkbox', { name: /I am 18 or older/ })).toBeChecked();
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();

  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Margaret' })).toBeVisible();

  // Sign out (from the profile menu): notice and back to the landing page.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByText(authText.signedOut.description)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Forgot password from the sign-in page.
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(authText.resetEmailSent.title)).toBeVisible();

  // Read the mail from the real SMTP sink and follow its link (the signup's verification e-mail came first).
  const mail = await waitForMailWhere((m) => m.to.includes(email.toLowerCase()) && m.subject.startsWith('Reset your'), `reset e-mail to ${email}`);
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Complete!' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).last().click();

  // The old password no longer works; the new one does, with 'Stay signed in' (on by default).
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(authText.signInFailed.description)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await expect(page.getByRole('checkbox', { name: 'Stay signed in for 90 days' })).toBeChecked();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/chat$/);

  // Close the browser and reopen it: only cookies with an expiry survive, as in a real browser restart.
  const state = await page.context().storageState();
  const persistent = state.cookies.filter((c) => c.expires > 0);
  expect(persistent.map((c) => c.name)).toContain('session');
  await page.context().close();
  const reopened = await browser.newContext({ storageState: { ...state, cookies: persistent } });
  const again = await reopened.newPage();
  await again.goto('/chat');
  await expect(again.getByRole('heading', { name: 'Welcome, Margaret' })).toBeVisible();
  await reopened.close();
});

test('without "Stay signed in" the session ends with the browser', async ({ page, browser }) => {
  const email = uniqueEmail('short');
  await page.request.post('/api/auth/signup', { data: { firstName: 'Short', lastName: 'Session', email, password: 'password 1234' } });
  await page.context().clearCookies();
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('password 1234');
  await page.getByRole('checkbox', { name: 'Stay signed in for 90 days' }).click();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/chat$/);

  const state = await page.context().storageState();
  const sessionCookie = state.cookies.find((c) => c.name === 'session');
  expect(sessionCookie?.expires).toBe(-1);
  const reopened = await browser.newContext({ storageState: { ...state, cookies: state.cookies.filter((c) => c.expires > 0) } });
  const again = await reopened.newPage();
  await again.goto('/chat');
  await expect(again).toHaveURL(/\/signin\?redirect=%2Fchat$/);
  await reopened.close();
});
