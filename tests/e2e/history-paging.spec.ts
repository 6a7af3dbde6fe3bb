import { historyText } from '../../src/contract/history.ts';
import { seedConversations } from './control.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { historyPage, usePremium } from './history-helpers.ts';

// The list is read from the server as the user scrolls; a service worker would not change that, but block it as the other history journeys do.
test.use({ serviceWorkers: 'block' });

/**
 * A long history (issue 18): 120 conversations spread over 50 days. The list shows the newest 50,
 * loads the next page as its end scrolls into view, keeps one section per date group as pages join,
 * and search finds conversations the database indexed in the background (never in the request),
 * its matches a page at a time as well.
 */
test('a long history loads page by page as the list scrolls, its date groups intact; search finds any of it', async ({ page }) => {
  await usePremium(page);
  const user = await signUpViaApi(page);
  expect(await seedConversations(user.email, 120, 10)).toBe(120);

  await page.goto('/history');
  const history = historyPage(page);
  await expect(history.cards).toHaveCount(50);
  await expect(page.getByText(historyText.subtitle(120, false))).toBeVisible();

  for (const expected of [100, 120]) {
    await history.list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(history.cards).toHaveCount(expected);
  }
  await expect(history.cards.last()).toContainText('Seeded conversation 120');
  for (const label of ['Today', 'Yesterday', 'This week', 'This month', 'Older']) await expect(history.group(label)).toHaveCount(1);
  await expect(history.group('Older').getByTestId('history-card').last()).toContainText('Seeded conversation 120');
  await expect(page.getByText(historyText.loadingMore)).toHaveCount(0);

  await history.search.fill('"Seeded conversation 117"');
  await expect(history.cards.first()).toContainText('Seeded conversation 117');

  // A search matching all 120: its best matches a page of 25 at a time as the list scrolls (decision 041),
  // up to the best 100, then a word that more matched.
  await history.search.fill('seeded');
  await expect(history.cards).toHaveCount(25);
  await expect(history.cards.first()).toContainText('Seeded conversation 1');
  for (const expected of [50, 75, 100]) {
    await history.list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect(history.cards).toHaveCount(expected);
  }
  await expect(page.getByText(historyText.moreMatches(100))).toBeVisible();
  for (const label of ['Today', 'Older']) await expect(history.group(label)).toHaveCount(1);
});
