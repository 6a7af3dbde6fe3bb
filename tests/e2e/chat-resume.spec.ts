import { expect, signUpViaApi, test } from './fixtures.ts';
import { chat, whileStreaming } from './chat-helpers.ts';

test('closing the tab mid-reply loses nothing: reopening the conversation shows the whole reply', async ({ page, context }) => {
  await signUpViaApi(page);
  await page.goto('/chat');
  const c = chat(page);
  // The tab goes away as soon as the first words are shown, while the reply is still being written.
  const left = whileStreaming(page, 'My take as your', 'leave');
  await c.ask('Walk me through a turnaround plan for a loss-making division.');
  const sessionId = await c.sessionId();
  await left;
  await page.close();

  // The reply keeps being written on the server meanwhile.
  const again = await context.newPage();
  await again.goto(`/chat?session=${sessionId}`);
  const reopened = chat(again);
  await expect(reopened.userMessages).toContainText('Walk me through a turnaround plan');
  await reopened.waitForReplyStatus('complete', 45_000);

  // Exactly what the server saved: nothing doubled or lost across the reconnect.
  const response = await again.request.get(`/api/chat-sessions/${sessionId}/messages`);
  const { messages } = (await response.json()) as { messages: { role: string; content: string; status: string }[] };
  const saved = messages.find((m) => m.role === 'assistant')!;
  expect(saved.status).toBe('complete');
  await expect(reopened.lastReply).toContainText('Questions for you');
  const lastLine = saved.content.trim().split('\n').at(-1)!.replace(/^[-*]\s+/, '');
  await expect(reopened.lastReply).toContainText(lastLine);
  const shown = await reopened.lastReply.getByRole('listitem').count();
  expect(shown).toBe((saved.content.match(/^(\d+\.|-) /gm) ?? []).length);
});
