import sharp from 'sharp';
import { accountMessages, accountText } from '../../src/contract/account.ts';
import { authText } from '../../src/contract/auth.ts';
import { expect, signUpViaApi, test, uniqueEmail } from './fixtures.ts';
import { seriousViolations } from './axe.ts';

/** A photo as a phone makes one: JPEG with a camera and a position in its EXIF. */
const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 110, b: 170 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1' } })
    .toBuffer();

test('photo at signup shows in the menu; edit the name; change the password and sign in with it; cookie preferences', async ({ page }) => {
  const email = uniqueEmail('settings');
  const password = 'first password 123';
  const newPassword = 'changed pw 456';

  // Signup with a photo (the form is what is tested here).
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Katherine');
  await page.getByLabel('Last name').fill('Johnson');
  await page.getByTestId('profile-picture-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByText(accountMessages.onlyImages)).toBeVisible();
  await page.getByTestId('profile-picture-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await expect(page.getByText(accountText.pictureReadyForSignup.description)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'terms & conditions' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'I accept' }).click();
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
  await expect(page).toHaveURL(/\/chat$/);

  // The avatar replaces the initials, in the header and in the menu.
  const menuButton = page.getByRole('button', { name: 'Profile menu' });
  await expect(menuButton.getByTestId('avatar-image')).toHaveAttribute('src', /^\/api\/objects\/avatars\/.+\?size=small$/);
  await expect.poll(() => menuButton.getByTestId('avatar-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await menuButton.click();
  await expect(page.getByRole('menu').getByTestId('avatar-image')).toBeVisible();

  // Edit Profile: the new name shows at once (the cached session is refreshed).
  await page.getByRole('menuitem', { name: accountText.editProfile }).click();
  const editDialog = page.getByRole('dialog', { name: accountText.editProfile });
  await editDialog.getByLabel('First name').fill('Kate');
  await editDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(accountText.profileUpdated.title, { exact: true })).toBeVisible();
  await expect(editDialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Welcome, Kate' })).toBeVisible();

  // Security: change the password (the button waits for all three fields; mismatch is told).
  await menuButton.click();
  await page.getByRole('menuitem', { name: accountText.security }).click();
  const security = page.getByRole('dialog', { name: accountText.security });
  const changeButton = security.getByRole('button', { name: 'Change password' });
  await expect(security.getByText('This device')).toBeVisible();
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual([]);
  await security.getByLabel('Current password').fill(password);
  await security.getByLabel('New password', { exact: true }).fill(newPassword);
  await expect(changeButton).toBeDisabled();
  await security.getByLabel('Confirm new password').fill('something else');
  await changeButton.click();
  await expect(security.getByText(accountMessages.newPasswordsDontMatch)).toBeVisible();
  await security.getByLabel('Confirm new password').fill(newPassword);
  await changeButton.click();
  await expect(page.getByText(accountMessages.passwordChanged)).toBeVisible();

  // Cookie preferences: stored on the server for the account.
  const analytics = security.getByRole('switch', { name: 'Analytics cookies' });
  await expect(analytics).not.toBeChecked();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/cookie-consent') && r.request().method() === 'POST');
  await analytics.click();
  expect((await saved).status()).toBe(200);
  await expect(analytics).toBeChecked();
  expect(await page.request.get('/api/cookie-consent').then((r) => r.json())).toMatchObject({ cookiesAccepted: true });
  await page.keyboard.press('Escape');

  // Sign out, and in again with the new password (on /history, which has the same menu).
  await page.goto('/history');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(menuButton.getByTestId('avatar-image')).toBeVisible();
});

test('delete the account: what goes, an optional reason, the password first, then home, and signing in fails', async ({ page }) => {
  const { email, password } = await signUpViaApi(page);
  await page.goto('/chat');
  const menuButton = page.getByRole('button', { name: 'Profile menu' });

  // Delete the account: what goes, an optional reason, then 'Account deleted' and home after 2 s.
  await menuButton.click();
  await page.getByRole('menuitem', { name: accountText.security }).click();
  await page.getByRole('dialog', { name: accountText.security }).getByRole('button', { name: accountText.deleteAccount }).click();
  const deletion = page.getByRole('dialog', { name: accountText.deleteAccount });
  for (const item of accountText.deletionRemoves) await expect(deletion.getByText(item)).toBeVisible();
  await deletion.getByLabel(/Why are you leaving/).fill('Testing the way out');
  // Nothing goes on one click: the password first (issue 29, point 10), and a wrong one deletes nothing.
  const confirmButton = deletion.getByRole('button', { name: accountText.deleteConfirm });
  await expect(confirmButton).toBeDisabled();
  await deletion.getByLabel(accountText.deletePasswordLabel).fill('not my password');
  await confirmButton.click();
  await expect(deletion.getByRole('alert')).toHaveText('That password is not correct, so your account was not deleted.');
  await expect(deletion).toBeVisible();
  await deletion.getByLabel(accountText.deletePasswordLabel).fill(password);
  // What this tab kept for the account must go with it (the landing page then writes its own keys again).
  await page.evaluate(() => {
    localStorage.setItem('accountScratch', 'x');
    sessionStorage.setItem('accountScratch', 'x');
  });
  await deletion.getByRole('button', { name: accountText.deleteConfirm }).click();
  await expect(page.getByText(accountText.accountDeleted.title, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => [localStorage.getItem('accountScratch'), sessionStorage.getItem('accountScratch')])).toEqual([null, null]);

  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(authText.signInFailed.description)).toBeVisible();
});
