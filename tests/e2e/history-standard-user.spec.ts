import { historyText } from '../../src/contract/history.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';

test('a standard user sees the upgrade prompt and the list is never asked for', async ({ page }) => {
  await signUpViaApi(page);
  const listCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/users\/[^/]+\/chat-sessions/.test(request.url())) listCalls.push(request.url());
  });

  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: historyText.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Conversation history is a Premium feature' })).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Chat' }).click();
  await expect(page).toHaveURL('/chat');
  expect(listCalls).toEqual([]);
});
