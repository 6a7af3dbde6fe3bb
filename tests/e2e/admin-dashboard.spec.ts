import { accountText } from '../../src/contract/account.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';

// The admin's own journey, which counts every account, runs alone: tests/e2e/admin-dashboard.solo.spec.ts.

test('the dashboard is not offered to other accounts, and its API refuses them', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByRole('menuitem', { name: accountText.editProfile })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: accountText.adminDashboard })).toHaveCount(0);
  expect((await page.request.get('/api/admin/stats')).status()).toBe(403);
});
