import { historyText } from '../../src/contract/history.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { createConversation, historyPage, usePremium } from './history-helpers.ts';

// These journeys answer requests with page.route, which a service worker would bypass (tests/e2e/README.md).
test.use({ serviceWorkers: 'block' });

const DAY = 24 * 60 * 60 * 1000;

test('a premium user finds, reopens and deletes past conversations', async ({ page }) => {
  test.setTimeout(120_000);
  await usePremium(page);
  await signUpViaApi(page, { firstName: 'Indra' });
  // Each conversation is titled by the server from its first question (see createConversation).
  const pricing = await createConversation(page, { questions: ['Narwhal pricing review?'] });
  const supplier = await createConversation(page, { questions: ['Supplier terms?', 'How do we handle the zephyrine clause in our contract?'], executiveRole: 'COO', industry: 'Manufacturing' });
  await createConversation(page, { questions: ['Board narrative?', 'And how should it close?'], executiveRole: 'CEO', industry: 'Technology' });

  await page.goto(`/history?from=${pricing}`);
  const history = historyPage(page);
  await expect(history.heading).toBeVisible();
  await expect(history.search).toHaveAttribute('placeholder', historyText.searchPlaceholder);
  for (const name of ['Refresh', 'Clear All']) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  for (const name of ['Return to Chat', 'Start New']) await expect(page.getByRole('link', { name, exact: true })).toBeVisible();

  // Newest first, all under Today, with message counts in words.
  await expect(history.group('Today').getByTestId('history-card')).toHaveCount(3);
  await expect(history.cards.first()).toContainText('Board narrative');
  await expect(history.card('Board narrative')).toContainText('4 messages');
  await expect(history.card('Supplier terms')).toContainText('4 messages');
  await expect(history.card('Narwhal pricing review')).toContainText('2 messages');
  await expect(history.card('Supplier terms')).not.toContainText('document');
  // Last updated as a short month, day and 12-hour time, e.g. "Nov 22, 3:45 PM".
  await expect(history.card('Supplier terms').locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/);
  // The list area is 600 px high on a desktop screen.
  expect((await history.list.boundingBox())!.height).toBe(600);

  // Search by a title word.
  await history.search.fill('narwhal');
  await expect(history.cards).toHaveCount(1);
  await expect(history.cards.first()).toContainText('Narwhal pricing review');

  // Search by a word that is only inside a message: the card shows where it matched.
  await history.search.fill('zephyrine');
  await expect(history.cards).toHaveCount(1);
  await expect(history.card('Supplier terms').locator('mark').first()).toHaveText(/zephyrine/i);

  await history.search.fill('nothinglikethisanywhere');
  await expect(page.getByText(historyText.noMatchesTitle)).toBeVisible();
  await expect(page.getByText(historyText.noMatchesText)).toBeVisible();
  await history.search.fill('');
  await expect(history.cards).toHaveCount(3);

  // Delete one, after confirming.
  await page.getByRole('button', { name: 'Delete conversation Supplier terms' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Supplier terms');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(history.cards).toHaveCount(3);
  await page.getByRole('button', { name: 'Delete conversation Supplier terms' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(historyText.deleted.title)).toBeVisible();
  await expect(page.getByText(historyText.deleted.description)).toBeVisible();
  await expect(history.cards).toHaveCount(2);
  // Gone on the server too, messages included.
  expect((await page.request.get(`/api/chat-sessions/${supplier}/messages`)).status()).toBe(404);

  // Return to Chat goes back to the conversation the user came from.
  await page.getByRole('link', { name: 'Return to Chat' }).click();
  await expect(page).toHaveURL(new RegExp(`/chat\\?session=${pricing}$`));

  // A card opens its conversation.
  await page.goto('/history');
  await history.card('Board narrative').getByRole('link').click();
  await expect(page).toHaveURL(/\/chat\?session=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('user-message').filter({ hasText: 'And how should it close?' })).toBeVisible();
});

test('conversations land in Today, Yesterday, This week, This month and Older by their last update', async ({ page }) => {
  await usePremium(page);
  await signUpViaApi(page, { firstName: 'Tomas' });
  await createConversation(page, { questions: ['Cash runway check?'] });
  const history = historyPage(page);

  // The grouping is the reader's: moving the browser's clock ages the conversation as time would.
  const cases: Array<[string, number]> = [
    ['Today', 0],
    ['Yesterday', 1],
    ['This week', 3],
    ['This month', 15],
    ['Older', 60],
  ];
  for (const [group, daysLater] of cases) {
    await page.clock.setFixedTime(new Date(Date.now() + daysLater * DAY));
    await page.goto('/history');
    await expect(history.group(group).getByTestId('history-card'), group).toHaveCount(1);
    await expect(history.list.getByRole('heading', { level: 2 })).toHaveText([group]);
  }
});

test('Clear All empties the history after confirming, and Return to Chat without "from" opens a new chat', async ({ page }) => {
  await usePremium(page);
  await signUpViaApi(page, { firstName: 'Maren' });
  for (const question of ['First topic?', 'Second topic?']) await createConversation(page, { questions: [question] });
  await page.goto('/history');
  const history = historyPage(page);
  await expect(history.cards).toHaveCount(2);

  await page.getByRole('link', { name: 'Return to Chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await page.goBack();

  await page.getByRole('button', { name: 'Clear All' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete All' }).click();
  await expect(page.getByText(historyText.allDeleted(2).title)).toBeVisible();
  await expect(page.getByText(historyText.allDeleted(2).description)).toBeVisible();
  await expect(page.getByText(historyText.emptyTitle)).toBeVisible();
  await expect(page.getByText(historyText.emptyText)).toBeVisible();
  // With nothing to manage, the buttons go; Start New Chat stays.
  for (const name of ['Refresh', 'Clear All']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(history.search).toHaveCount(0);
  await page.getByRole('link', { name: 'Start New Chat' }).click();
  await expect(page).toHaveURL(/\/chat$/);
});

test('failed deletes say so and keep the conversations', async ({ page }) => {
  await usePremium(page);
  await signUpViaApi(page, { firstName: 'Ola' });
  await createConversation(page, { questions: ['Keep me?'] });
  await page.route(/\/api\/(chat-sessions\/[^/]+|users\/[^/]+\/chat-sessions)$/, (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Something went wrong"}' }) : route.fallback(),
  );
  await page.goto('/history');
  await page.getByRole('button', { name: 'Delete conversation Keep me' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(historyText.deleteFailed.description)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Clear All' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete All' }).click();
  await expect(page.getByText(historyText.deleteAllFailed.description)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(historyPage(page).cards).toHaveCount(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the list area is 500 px high', async ({ page }) => {
    await usePremium(page);
    await signUpViaApi(page, { firstName: 'Pia' });
    await createConversation(page, { questions: ['Small screen?'] });
    await page.goto('/history');
    const history = historyPage(page);
    await expect(history.cards).toHaveCount(1);
    expect((await history.list.boundingBox())!.height).toBe(500);
  });
});
