import { chatText } from '../../src/contract/chat.ts';
import { errorCatalog } from '../../src/contract/errors.ts';
import { renewalPhrase } from '../../src/client/features/chat/logic/renewal.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { chat } from './chat-helpers.ts';

// The reader's zone is UTC, so the limit renews (UTC midnight) "tomorrow at 12:00 AM" whenever the test runs.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

test('a free user meets the locked advisors, the fixed context and, at the limit, a closed composer that says when it renews', async ({ page }) => {
  await signUpViaApi(page, { firstName: 'Ola' });
  await page.goto('/chat');
  const c = chat(page);

  // A locked advisor opens the upgrade dialog and the choice stays CEO.
  await c.openContext();
  await page.getByRole('combobox', { name: 'Talk to' }).click();
  await expect(page.getByRole('option', { name: /CTO/ })).toContainText('Premium');
  await page.getByRole('option', { name: /CTO/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Free accounts can talk to the CEO, CFO and CHRO');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Talk to' })).toHaveText('CEO');

  // A free advisor is fine before the first message.
  await page.getByRole('combobox', { name: 'Talk to' }).click();
  await page.getByRole('option', { name: 'CHRO' }).click();
  await c.ask('How do I keep my best people through a reorganisation?');
  await c.waitForReplyStatus('complete');

  // Once the conversation has started, a free user's selectors are fixed, with the reason.
  for (const name of ['My Role', 'Talk to', 'Industry']) await expect(page.getByRole('combobox', { name })).toBeDisabled();
  await expect(page.getByText(/stay fixed once a conversation starts/)).toBeVisible();

  // Four more messages (through the API, as the same signed-in user) use up the day's five...
  const sessionId = await c.sessionId();
  for (let i = 2; i <= 5; i++) {
    const response = await page.request.post(`/api/chat-sessions/${sessionId}/messages`, { data: { content: `Question ${i}`, role: 'user' } });
    expect(response.status(), await response.text()).toBe(201);
  }
  await page.reload();
  await expect(page.getByTestId('usage-bar')).toContainText('0 interactions left');

  // ...so nothing more can be sent: the composer is closed before any attempt and says when it opens again
  // (issue 14, defect 7); the usage bar says it too.
  await c.waitForNoReplyStreaming(60_000);
  const usage = (await (await page.request.get('/api/chat/usage')).json()) as { resetsAt: string };
  const renews = renewalPhrase(usage.resetsAt, new Date(), 'UTC');
  expect(renews).toMatch(/^tomorrow at 12:00 AM$/);
  await expect(c.input).toBeDisabled();
  await expect(c.input).toHaveAttribute('placeholder', chatText.limitReached.placeholder(renews));
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await expect(page.getByTestId('usage-renews')).toHaveText(`· renew ${renews}`);
  await expect(c.userMessages).toHaveCount(5);

  // A new conversation's welcome card says so in place of 'Ask a question to begin', and offers Premium.
  // The header's button (the sidebar has its own, decision 033).
  await page.getByRole('banner').getByRole('button', { name: 'New conversation' }).click();
  const welcome = page.getByTestId('welcome-limit');
  await expect(welcome).toContainText(chatText.limitReached.title);
  await expect(welcome).toContainText(chatText.limitReached.renews(renews));
  await expect(page.getByText('Ask a question to begin.')).toHaveCount(0);
  await expect(c.input).toBeDisabled();
  await welcome.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(errorCatalog['rate_limit:interactions'].message);
  await expect(dialog.getByRole('radio', { name: /Yearly/ })).toBeChecked();
  await expect(dialog).toContainText(/Save \d+%/);
  await dialog.getByRole('button', { name: 'Not Now' }).click();

  // The usage bar's Upgrade opens it too; choosing Monthly and continuing goes to checkout with the plan remembered.
  await page.getByTestId('usage-bar').getByRole('button', { name: 'Upgrade' }).click();
  await dialog.getByRole('radio', { name: /Monthly/ }).check();
  await dialog.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await page.evaluate(() => sessionStorage.getItem('checkoutPlan'))).toBe('monthly');
});
