import { expect, signUpViaApi, test } from './fixtures.ts';
import { chat, openReplyStreams, recordStreamingLengths, whileStreaming } from './chat-helpers.ts';

test('Stop keeps the partial reply, and Retry writes it again', async ({ page }) => {
  await signUpViaApi(page);
  const streams = openReplyStreams(page);
  await page.goto('/chat');
  const c = chat(page);
  // Stop is pressed as soon as the first words are shown, while the reply is still being written.
  const stopped = whileStreaming(page, 'My take as your', 'stop');
  await c.ask('What should our board hear about the delayed launch?');
  await stopped;
  await c.waitForReplyStatus('stopped');
  await expect(c.lastReply).toContainText('Reply stopped');
  const partial = await c.lastReply.innerText();
  expect(partial).toContain('My take as your');
  expect(partial).not.toContain('Questions for you');
  // Nothing more arrives after a stop: the page stops following the reply (its stream is closed), and the text is as it was.
  await expect.poll(() => streams.open, { message: 'reply streams still open' }).toBe(0);
  expect(await c.lastReply.innerText()).toBe(partial);
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
  // A stopped reply keeps its interaction: one of the free day's five is used.
  const usage = page.getByTestId('usage-bar');
  await expect(usage).toContainText('4 interactions left');

  // The partial text is what the server kept.
  await page.reload();
  await c.waitForReplyStatus('stopped');
  await expect(c.lastReply).toContainText('My take as your');
  await expect(c.lastReply).not.toContainText('Questions for you');

  const streamingLengths = await recordStreamingLengths(page);
  await c.lastReply.getByRole('button', { name: 'Retry' }).click();
  await c.waitForReplyStatus('complete', 45_000);
  // Written again from the start: the page saw it stream anew.
  expect((await streamingLengths()).length).toBeGreaterThan(0);
  await expect(c.lastReply).toContainText('Questions for you');
  await expect(c.replies).toHaveCount(1);
  // Retrying a stopped reply is not a second interaction (it was counted once, for the question).
  await page.reload();
  await expect(usage).toContainText('4 interactions left');
});

test('Esc stops a reply while it is being written, from the message box', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  const c = chat(page);
  const stopped = whileStreaming(page, 'My take as your', 'escape');
  await c.ask('How do we tell the team about the reorganisation?');
  await stopped;
  await c.waitForReplyStatus('stopped');
  await expect(c.lastReply).toContainText('Reply stopped');
  await expect(c.lastReply).not.toContainText('Questions for you');
});
