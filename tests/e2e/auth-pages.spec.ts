import { errorCatalog } from '../../src/contract/errors.ts';
import { authText } from '../../src/contract/auth.ts';
import { appReady, expect, signUpViaApi, test, uniqueEmail, waitForMailWhere } from './fixtures.ts';

test('signup shows every validation message of the spec', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('A');
  await page.getByLabel('Last name').fill('B');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page.getByText('First name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Last name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.getByText('You must agree to the terms & conditions')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
});

test('choosing a plan changes the title and sends the new user to checkout with the plan stored', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: /^Monthly/ }).click();
  await expect(page.getByRole('heading', { name: 'Create Account - Monthly Plan' })).toBeVisible();
  await page.getByRole('button', { name: /^Yearly/ }).click();
  await expect(page.getByRole('heading', { name: 'Create Account - Yearly Plan' })).toBeVisible();
  await page.getByLabel('First name').fill('Plan');
  await page.getByLabel('Last name').fill('Chooser');
  await page.getByLabel('Email').fill(uniqueEmail('plan'));
  await page.getByLabel('Password', { exact: true }).fill('password 1234');
  await page.getByLabel('Confirm password').fill('password 1234');
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).click();
  await page.getByRole('button', { name: 'Create Account & Continue' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const stored = await page.evaluate(() => [sessionStorage.getItem('signupPlan'), sessionStorage.getItem('checkoutPlan'), sessionStorage.getItem('checkoutSource')]);
  expect(stored).toEqual(['yearly', 'yearly', 'signup']);
});

test('a signed-in user opening /signup goes to /, a signed-out one opening /chat goes to /signin', async ({ page }) => {
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fchat$/);
  await signUpViaApi(page);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/$/);
});

test('sign-in failure says only "Invalid email or password."; show/hide toggles the password', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill('nobody@example.com');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('wrong password');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(authText.signInFailed.title)).toBeVisible();
  await expect(page.getByText(authText.signInFailed.description)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', '/plans');
});

test('Send Reset Link sends only the reset request, never the sign-in form behind the dialog', async ({ page }) => {
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/auth/')) posted.push(new URL(request.url()).pathname);
  });
  await page.goto('/signin');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
  await expect(dialog.getByLabel('Email')).toHaveValue('nobody@example.com');
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(authText.resetEmailSent.title)).toBeVisible();
  await expect(page.getByText(authText.signInFailed.title)).toHaveCount(0);
  expect(posted).toEqual(['/api/auth/forgot-password']);
  await expect(page).toHaveURL(/\/signin$/);
});

test('a reset link without a token says so and goes to /signin', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText(authText.resetLinkMissing.title)).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test('an invalid reset token shows the server reason', async ({ page }) => {
  await page.goto('/reset-password?token=made-up-token');
  await page.getByLabel('New password', { exact: true }).fill('password 1234');
  await page.getByLabel('Confirm new password').fill('password 1234');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(authText.resetFailed().title)).toBeVisible();
  await expect(page.getByText(errorCatalog['bad_request:reset_token'].message)).toBeVisible();
});

test('a reset link asked for before the e-mail changed shows the invalid-link message (issue 28, decision 050)', async ({ page }) => {
  const user = await signUpViaApi(page);
  expect((await page.request.post('/api/auth/forgot-password', { data: { email: user.email } })).status()).toBe(200);
  const mail = await waitForMailWhere((m) => m.to.includes(user.email.toLowerCase()) && m.subject.startsWith('Reset your'), `the reset link to ${user.email}`);
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)![0]);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
  const changed = await page.request.patch(`/api/users/${me.id}`, { data: { email: uniqueEmail('moved'), currentPassword: user.password } });
  expect(changed.status()).toBe(200);

  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('password 1234');
  await page.getByLabel('Confirm new password').fill('password 1234');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(authText.resetFailed().title)).toBeVisible();
  await expect(page.getByText(errorCatalog['bad_request:reset_token'].message)).toBeVisible();
});

test('the auth forms work with the keyboard alone', async ({ page }) => {
  await signUpViaApi(page, { email: uniqueEmail('kbd'), password: 'keyboard only 1' }).then(async (user) => {
    await page.context().clearCookies();
    await page.goto('/signin');
    await appReady(page);
    await page.getByLabel('Email').focus();
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/chat$/);
  });
});
