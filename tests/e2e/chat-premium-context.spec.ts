import { chatText } from '../../src/contract/chat.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { chat } from './chat-helpers.ts';

test('a premium user switches advisor mid-conversation and saves the context as defaults', async ({ page }) => {
  // The e2e server honours the testPremium flag (ALLOW_TEST_PREMIUM is on with the demo provider).
  await page.addInitScript(() => window.localStorage.setItem('testPremium', 'true'));
  await signUpViaApi(page, { firstName: 'Paz' });
  await page.goto('/chat');
  const c = chat(page);

  // Premium: no locks, no usage bar, the profile menu says so.
  await expect(page.getByTestId('usage-bar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await expect(page.getByRole('menu')).toContainText('Premium');
  await expect(page.getByRole('menu')).toContainText('Unlimited');
  await expect(page.getByRole('menuitem', { name: 'Upgrade to Premium' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  // The selectors sit behind the compact context line, on desktop too (issue 14, point 7).
  await expect(c.contextLine).toHaveText('Research Analyst talking to CEO · Technology');
  await c.openContext();
  await page.getByRole('combobox', { name: 'Talk to' }).click();
  await expect(page.getByRole('option', { name: 'CTO', exact: true })).not.toContainText('Premium');
  await page.getByRole('option', { name: 'CTO', exact: true }).click();
  await c.ask('Should we build or buy our data platform?');
  await c.waitForReplyStatus('complete');
  await expect(c.lastReply).toContainText('Chief Technology Officer');

  // Switching mid-conversation leaves a system note, shown centred between the messages.
  await page.getByRole('combobox', { name: 'Talk to' }).click();
  await page.getByRole('option', { name: 'CFO', exact: true }).click();
  await expect(page.getByTestId('system-message')).toHaveText('Switched advisor from CTO to CFO.');
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Healthcare' }).click();
  await expect(page.getByTestId('system-message').last()).toHaveText('Industry changed from Technology to Healthcare.');
  await page.reload();
  await expect(page.getByTestId('system-message')).toHaveCount(2);
  await c.openContext();
  await expect(page.getByRole('combobox', { name: 'Talk to' })).toHaveText('CFO');

  // The next reply comes from the new advisor.
  await c.ask('What does this mean for our cash runway?');
  await c.waitForReplyStatus('complete');
  await expect(c.lastReply).toContainText('Chief Financial Officer');

  // The star saves the three as defaults; a new conversation starts with them.
  await page.getByRole('button', { name: 'Save as my defaults' }).click();
  const saved = chatText.defaultsSaved({ userRole: 'Research Analyst', executiveRole: 'CFO', industry: 'Healthcare' });
  await expect(page.getByText(saved.title)).toBeVisible();
  await expect(page.getByText(saved.description)).toBeVisible();
  await expect(page.getByRole('button', { name: /Saved as your defaults/ })).toHaveAttribute('aria-pressed', 'true');
  // The header's button (the sidebar has its own, decision 033).
  await page.getByRole('banner').getByRole('button', { name: 'New conversation' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await c.openContext();
  await expect(page.getByRole('combobox', { name: 'Talk to' })).toHaveText('CFO');
  await expect(page.getByRole('combobox', { name: 'Industry' })).toHaveText('Healthcare');
});
