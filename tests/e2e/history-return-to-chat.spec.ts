import { expect, signUpViaApi, test } from './fixtures.ts';

test('from the chat header to History and back: Return to Chat reopens the conversation, Start New a fresh chat', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('testPremium', 'true'));
  await signUpViaApi(page);
  await page.goto('/chat');
  await page.getByRole('textbox', { name: 'Message' }).fill('Which region should we enter first?');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page).toHaveURL(/[?&]session=[0-9a-f-]{36}/);
  const id = new URL(page.url()).searchParams.get('session')!;

  // The header's History link carries the open conversation as `from`.
  await page.getByRole('link', { name: 'Conversation history' }).click();
  await expect(page).toHaveURL(`/history?from=${id}`);
  await expect(page.getByTestId('history-card')).toHaveCount(1);
  await page.getByRole('link', { name: 'Return to Chat' }).click();
  await expect(page).toHaveURL(`/chat?session=${id}`);
  await expect(page.getByTestId('user-message')).toContainText('Which region should we enter first?');

  await page.goto(`/history?from=${id}`);
  await page.getByRole('link', { name: 'Start New', exact: true }).click();
  await expect(page).toHaveURL('/chat');
});
