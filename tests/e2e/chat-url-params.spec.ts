import { randomUUID } from 'node:crypto';
import { chatText } from '../../src/contract/chat.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';

test('a conversation that cannot be found starts a new one; a return from checkout is announced once', async ({ page }) => {
  await signUpViaApi(page, { firstName: 'Kofi' });

  await page.goto(`/chat?session=${randomUUID()}`);
  await expect(page.getByText(chatText.conversationNotFound.title)).toBeVisible();
  await expect(page.getByText(chatText.conversationNotFound.description)).toBeVisible();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Kofi' })).toBeVisible();

  await page.goto('/chat?subscription=cancelled');
  await expect(page.getByText(chatText.checkoutCancelled.title)).toBeVisible();
  await expect(page).toHaveURL(/\/chat$/);
});
