import type { APIRequestContext } from '@playwright/test';
import { noteText } from '../../src/contract/conversation-note-text.ts';
import { advisorCardText } from '../../src/contract/advisor-card-text.ts';
import { expect, signUpViaApi, test } from './fixtures.ts';
import { showScheme } from './settled.ts';

const shots = process.env.SHOTS_DIR;
const premium = { 'x-test-premium': 'true' };

/** Sends a question and waits for its reply to end. */
async function askAndWait(request: APIRequestContext, sessionId: string, content: string) {
  const sent = await request.post(`/api/chat-sessions/${sessionId}/messages`, { data: { content, role: 'user' }, headers: premium });
  expect(sent.status(), await sent.text()).toBe(201);
  const replyId = ((await sent.json()) as { assistantMessage: { id: string } }).assistantMessage.id;
  await expect
    .poll(async () => {
      const list = (await (await request.get(`/api/chat-sessions/${sessionId}/messages`)).json()) as { messages: Array<{ id: string; status: string }> };
      return list.messages.find((m) => m.id === replyId)?.status;
    }, { timeout: 30_000 })
    .toBe('complete');
}

// Issue 31, point 5 (decision 083): once a conversation outgrows the demo's small budget, the note of the
// user's facts is written after a reply and shown with the advisor card.
test('a long conversation keeps the user’s figures in "What I’m keeping in mind", with the advisor card', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('testPremium', 'true'));
  await signUpViaApi(page);
  const session = (await (await page.request.post('/api/chat-sessions', { data: { executiveRole: 'CFO', industry: 'Retail' }, headers: premium })).json()) as { id: string };
  // Long questions fill the demo's window (6,000 tokens) in a few turns.
  const padding = ' We also reviewed every store lease, the supplier contracts and the spring range in detail with the team.'.repeat(45);
  await askAndWait(page.request, session.id, `Our cash is $4.2M and our net burn is $350k a month. We decided to close 3 stores.${padding} What is our runway?`);
  await askAndWait(page.request, session.id, `Gross margin fell to 38% last quarter.${padding} Should we cut prices?`);
  await askAndWait(page.request, session.id, `We have 14 people in the buying team.${padding} Is that too many?`);
  await askAndWait(page.request, session.id, 'What should the board hear first?');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/chat-sessions/${session.id}/note`)).json()) as { note: { content: string } | null }).note?.content ?? '', { timeout: 30_000 })
    .toContain('$4.2M');

  await page.goto(`/chat?session=${session.id}`);
  await page.getByRole('button', { name: advisorCardText.open }).click();
  const note = page.getByTestId('conversation-note');
  await expect(note).toContainText(noteText.title);
  await expect(note).toContainText('Our cash is $4.2M and our net burn is $350k a month.');
  await expect(note).toContainText('Updated');
  await note.scrollIntoViewIfNeeded();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await showScheme(page, scheme);
      await note.scrollIntoViewIfNeeded();
      if (shots) await page.screenshot({ path: `${shots}/conversation-note-${width}-${scheme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // The user clears it.
  await note.getByRole('button', { name: 'Clear' }).click();
  await expect(note).toContainText(noteText.empty);
});
