import { chatText } from '../../src/contract/chat.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { chat, recordStreamingLengths } from './chat-helpers.ts';

// A core journey runs as a returning user has it: under the service worker (blocked elsewhere: decision 038).
test.use({ serviceWorkers: 'allow' });

test('ask the demo advisor, watch the reply stream in, rate it, copy it and delete a message', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpViaApi(page, { firstName: 'Indra' });
  await page.goto('/chat');
  const c = chat(page);

  // An empty conversation: the welcome card with the defaults.
  await expect(page.getByRole('heading', { name: 'Welcome, Indra' })).toBeVisible();
  await expect(page.getByText('Ask a question to begin.')).toBeVisible();
  await expect(c.contextLine).toHaveText('Research Analyst talking to CEO · Technology');
  await c.openContext();
  await expect(page.getByRole('combobox', { name: 'My Role' })).toHaveText('Research Analyst');
  await expect(page.getByRole('combobox', { name: 'Talk to' })).toHaveText('CEO');
  await expect(page.getByRole('combobox', { name: 'Industry' })).toHaveText('Technology');
  await expect(page.getByTestId('usage-bar')).toContainText('5 interactions left');

  const streamingLengths = await recordStreamingLengths(page);
  await c.ask('How should we price our new analytics tier?');
  await expect(c.userMessages.first()).toContainText('How should we price our new analytics tier?');
  await c.sessionId();

  // The reply grows while it streams (the page saw it at several lengths, each longer), then completes.
  await c.waitForReplyStatus('complete');
  const lengths = await streamingLengths();
  expect(lengths.filter((length) => length > 0).length, `lengths seen while streaming: ${lengths.join(', ')}`).toBeGreaterThanOrEqual(5);
  expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
  // The demo line for users, visible on the reply; nothing for the operator (issue 31, point 6).
  await expect(c.lastReply.getByTestId('demo-note')).toBeVisible();
  await expect(c.lastReply.getByTestId('demo-note')).toHaveText('Demo: Sample answer from the offline demo advisor, not advice');
  await expect(c.lastReply).not.toContainText(/Operator|AI_PROVIDER/);
  // Markdown: the table and the lists render as such; the marker line itself is not shown as text.
  await expect(c.lastReply.getByRole('table')).toBeVisible();
  await expect(c.lastReply.getByRole('listitem').first()).toBeVisible();
  await expect(c.lastReply).not.toContainText('> *Sample answer');
  await expect(page.getByTestId('usage-bar')).toContainText('4 interactions left');

  // Like, then dislike: each survives a reload.
  await c.lastReply.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(c.lastReply.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(c.lastReply.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await c.lastReply.getByRole('button', { name: 'Dislike', exact: true }).click();
  await expect(c.lastReply.getByRole('button', { name: 'Dislike', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(c.lastReply.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(c.lastReply.getByRole('button', { name: 'Dislike', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(c.lastReply.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'false');

  // Copy puts the reply (without the demo marker) on the clipboard as clean text: no Markdown marks.
  await c.lastReply.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(c.lastReply.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^My take as your Chief Executive Officer/);
  expect(copied).not.toContain('**');

  // Delete my question: it asks first (Cancel keeps both), then the question goes with its reply (issue 14,
  // defect 8), now and after a reload.
  const confirm = page.getByRole('dialog', { name: chatText.confirmDelete.question.title });
  await c.userMessages.first().hover();
  await c.userMessages.first().getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toContainText(chatText.confirmDelete.question.description);
  await confirm.getByRole('button', { name: chatText.confirmDelete.cancel }).click();
  await expect(confirm).toBeHidden();
  await expect(c.userMessages).toHaveCount(1);
  await c.userMessages.first().hover();
  await c.userMessages.first().getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: chatText.confirmDelete.confirm }).click();
  await expect(c.userMessages).toHaveCount(0);
  await expect(c.replies).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome, Indra' })).toBeVisible();
  await expect(c.replies).toHaveCount(0);
  await expect(c.userMessages).toHaveCount(0);
});
