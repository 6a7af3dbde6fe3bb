import { DISPLAYED_MESSAGES } from '#contract/limits.ts';
import { appendMessages } from './control.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';

const TOTAL = 1_000;
const label = (n: number) => `Seeded message #${String(n).padStart(4, '0')}.`;

test('a 1,000-message conversation pages back to its first message, a virtualized list keeping the reading position', async ({ page }) => {
  // Twenty pages, each scrolled, loaded and checked: 15 s alone, over a minute beside another worker on 2 cores.
  test.setTimeout(150_000);
  const user = await signUpViaApi(page);
  const session = await (await page.request.post('/api/chat-sessions', { data: { executiveRole: 'CEO', industry: 'Technology' } })).json();
  // Rows of different heights: every seventh message is a few paragraphs long.
  const messages = Array.from({ length: TOTAL }, (_, i) => ({
    role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
    content: i % 7 === 0 ? `${label(i + 1)}\n\n${'A longer thought on the plan, to give this row its own height. '.repeat(6)}` : label(i + 1),
  }));
  expect(await appendMessages(user.email, session.id, messages)).toBe(TOTAL);

  await page.goto(`/chat?session=${session.id}`);
  const transcript = page.locator('main');
  const loadEarlier = page.getByRole('button', { name: 'Load earlier messages' });
  // The latest 50, from the newest at the end of the view.
  await expect(page.getByText(label(TOTAL))).toBeInViewport();
  await expect(page.getByText(`showing the latest ${DISPLAYED_MESSAGES} messages`)).toBeVisible();
  await expect(page.getByText(label(TOTAL - DISPLAYED_MESSAGES))).toHaveCount(0);

  // Page back as a reader does: to the top, "Load earlier messages", and the message that was first stays in view.
  for (let oldest = TOTAL - DISPLAYED_MESSAGES + 1; oldest > 1; oldest -= DISPLAYED_MESSAGES) {
    await transcript.evaluate((el) => (el.scrollTop = 0));
    await expect(page.getByText(label(oldest))).toBeInViewport();
    await loadEarlier.click();
    // The page has arrived once the button is no longer busy (or gone, after the first message's page).
    await expect(page.locator('button[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByText(label(oldest))).toBeInViewport();
  }
  await transcript.evaluate((el) => (el.scrollTop = 0));
  await expect(page.getByText(label(1))).toBeInViewport();
  await expect(loadEarlier).toHaveCount(0);

  // All 1,000 are in the conversation, but only the rows near the view are in the page.
  await expect(page.getByTestId('virtual-message-list')).toHaveAttribute('data-windowed', 'true');
  const rendered = await page.locator('[data-testid="user-message"], [data-testid="assistant-message"]').count();
  expect(rendered).toBeLessThan(100);

  // "Jump to latest" goes back to the newest message, rendered again at the end.
  await page.getByTestId('jump-to-latest').click();
  await expect(page.getByText(label(TOTAL))).toBeInViewport();
  await expect(page.getByTestId('jump-to-latest')).toHaveCount(0);
});
