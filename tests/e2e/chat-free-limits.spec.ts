import { errorCatalog } from '../../src/contract/errors.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { chat } from './chat-helpers.ts';

test('a free user meets the locked advisors, the fixed context and, at the sixth message, the upgrade dialog', async ({ page }) => {
  await signUpViaApi(page, { firstName: 'Ola' });
  await page.goto('/chat');
  const c = chat(page);

  // A locked advisor opens the upgrade dialog and the choice stays CEO.
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

  // ...so the sixth opens the upgrade dialog instead of sending, and the question stays in the input.
  // (The four replies stream side by side and end in any order; nothing can be sent while one streams.)
  await c.waitForNoReplyStreaming(60_000);
  await c.ask('One more question?');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(errorCatalog['rate_limit:interactions'].message);
  await expect(dialog.getByRole('radio', { name: /Yearly/ })).toBeChecked();
  await expect(dialog).toContainText(/Save \d+%/);
  await dialog.getByRole('button', { name: 'Not Now' }).click();
  await expect(c.input).toHaveValue('One more question?');
  await expect(c.userMessages).toHaveCount(5);

  // The usage bar's Upgrade opens it too; choosing Monthly and continuing goes to checkout with the plan remembered.
  await page.getByTestId('usage-bar').getByRole('button', { name: 'Upgrade' }).click();
  await dialog.getByRole('radio', { name: /Monthly/ }).check();
  await dialog.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await page.evaluate(() => sessionStorage.getItem('checkoutPlan'))).toBe('monthly');
});
