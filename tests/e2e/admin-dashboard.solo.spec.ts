import { adminText } from '../../src/contract/admin.ts';
import { accountText } from '../../src/contract/account.ts';
import { makeAdmin } from './control.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';

/*
 * Runs in the `desktop-solo` project, after every other journey and with nothing beside it (playwright.config.ts):
 * it reads the total number of accounts, which parallel journeys change as they sign up and delete their users.
 */

test('an admin opens the dashboard from the menu, sees the numbers move after a new signup, and grants VIP with an audit entry', async ({ page, browser }) => {
  const admin = await signUpViaApi(page, { firstName: 'Ada', lastName: 'Admin' });
  expect(await makeAdmin(admin.email)).toBe(1);
  await page.goto('/chat');
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: accountText.adminDashboard }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: adminText.title })).toBeVisible();
  const totalUsers = page.locator('[data-stat="totalUsers"]');
  await expect(totalUsers).toHaveText(/^\d+$/);
  const before = Number(await totalUsers.textContent());
  await expect(page.getByRole('img', { name: /^Signups:/ })).toBeVisible();
  // Decision 021's page-view report is part of the dashboard.
  await expect(page.getByRole('img', { name: /^Page views:/ })).toBeVisible();
  // What roundtables cost, from the tokens every turn records (decision 026).
  await expect(page.getByRole('img', { name: /^Roundtable tokens: (no roundtables yet|[\d,]+ tokens, \d+ tables? in 30 days)$/ })).toBeVisible();
  await expect(page.getByTestId('admin-user').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Someone signs up in another browser; Refresh counts now (the figures are otherwise kept 5 minutes).
  const other = await browser.newContext();
  const newcomer = await signUpViaApi(await other.newPage(), { firstName: 'Newt', lastName: 'Comer' });
  await other.close();
  await page.getByRole('button', { name: adminText.refresh }).click();
  await expect(totalUsers).toHaveText(String(before + 1));

  // Find the newcomer, grant VIP: the list and the audit log say so.
  await page.getByRole('searchbox', { name: 'Search users' }).fill(newcomer.email);
  const row = page.getByTestId('admin-user').filter({ hasText: newcomer.email });
  await expect(row).toHaveCount(1);
  // Granting VIP asks first, and Cancel changes nothing (issue 29, point 9).
  await row.getByRole('button', { name: adminText.grantVip }).click();
  let confirm = page.getByRole('dialog', { name: adminText.confirm.grantVip(newcomer.email).title });
  await expect(confirm).toContainText(adminText.confirm.grantVip(newcomer.email).description);
  await confirm.getByRole('button', { name: adminText.confirm.cancel }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByRole('button', { name: adminText.grantVip })).toBeVisible();
  const vipBefore = Number(await page.locator('[data-stat="vipUsers"]').textContent());
  await row.getByRole('button', { name: adminText.grantVip }).click();
  await confirm.getByRole('button', { name: adminText.confirm.grantVip(newcomer.email).action }).click();
  await expect(page.getByText(adminText.done.grantVip(newcomer.email).title)).toBeVisible();
  await expect(row.getByRole('button', { name: adminText.removeVip })).toBeVisible();
  await expect(page.getByTestId('audit-log').getByText(`${admin.email} ${adminText.actionLabels.grant_vip} ${newcomer.email}`)).toBeVisible();
  // The VIP card moves with it: accounts are counted live.
  await expect(page.locator('[data-stat="vipUsers"]')).toHaveText(String(vipBefore + 1));

  // Disabling asks first too, and says what happened.
  await row.getByRole('button', { name: adminText.disable, exact: true }).click();
  confirm = page.getByRole('dialog', { name: adminText.confirm.disable(newcomer.email).title });
  await confirm.getByRole('button', { name: adminText.confirm.disable(newcomer.email).action }).click();
  await expect(page.getByText(adminText.done.disable(newcomer.email).title)).toBeVisible();
  await expect(row.getByText(adminText.disabledBadge)).toBeVisible();

  // The Users card and the list count the same accounts.
  await page.getByRole('searchbox', { name: 'Search users' }).fill('');
  await expect(page.getByRole('heading', { name: new RegExp(`^${adminText.usersTitle}`) })).toHaveText(`${adminText.usersTitle}${before + 1}`);
  await expect(totalUsers).toHaveText(String(before + 1));

  // On a phone the dashboard stacks without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('audit-log')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Page views:/ })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The badges are whole on a phone: "VIP" and "Disabled" are not cut.
  await page.getByRole('searchbox', { name: 'Search users' }).fill(newcomer.email);
  const badges = page.getByTestId('admin-user').filter({ hasText: newcomer.email }).getByTestId('admin-user-badges');
  await expect(badges).toHaveText('VIPDisabled');
  for (const badge of await badges.locator('span').all()) {
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  }
});
