import { chatText } from '../../src/contract/chat.ts';
import { FREE_RECENT_CONVERSATIONS } from '../../src/contract/limits.ts';
import { chat } from './chat-helpers.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { seedConversation } from './history-helpers.ts';

test('a Free user back on /chat reopens a recent conversation from the welcome card, and /plans says how many (issue 29, point 4; decision 059)', async ({ page }) => {
  await signUpViaApi(page);
  const older = await seedConversation(page, { title: 'Leeds store', executiveRole: 'CFO', industry: 'Retail', message: 'Should we open in Leeds?' });
  const newer = await seedConversation(page, { title: 'Hiring plan', executiveRole: 'CEO', industry: 'Retail', message: 'Who do we hire first?' });
  await page.goto('/chat');
  // On the welcome card (where a returning user lands), and in the sidebar beside it.
  const recent = page.getByTestId('recent-conversations');
  await expect(recent.getByRole('heading', { name: chatText.recentConversations.title })).toBeVisible();
  await expect(page.getByTestId('sidebar-recent').getByRole('link')).toHaveCount(2);
  const links = recent.getByRole('link');
  await expect(links).toHaveCount(2);
  // Newest first.
  await expect(links.nth(0)).toHaveAttribute('href', `/chat?session=${newer.id}`);
  await expect(links.nth(1)).toHaveAttribute('href', `/chat?session=${older.id}`);
  await expect(recent).toContainText(chatText.recentConversations.note);
  await links.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`session=${older.id}`));
  await expect(chat(page).userMessages.first()).toContainText('Should we open in Leeds?');

  await page.goto('/plans');
  const table = page.getByRole('table', { name: 'What the Free Tier and Premium include' });
  await expect(table.getByRole('row', { name: /Reopen your recent conversations/ }).getByRole('cell').first()).toHaveText(`The latest ${FREE_RECENT_CONVERSATIONS}`);
});
