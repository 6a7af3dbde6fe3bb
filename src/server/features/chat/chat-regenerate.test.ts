import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '#contract/chat.ts';
import { chatMessages, users } from '#server/db/schema.ts';
import { ask, waitForMessage } from '#tests/helpers/chat-api.ts';
import { inject, signUpUser } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const t = useTestApp();

const usedBy = async (userId: string) => (await t.database.db.select({ used: users.dailyInteractionsUsed }).from(users).where(eq(users.id, userId)))[0]!.used;
const row = async (id: string) => (await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0]!;

describe('regenerate a reply (issue 14, point 4)', () => {
  it('writes a finished reply again as a different take, counted as a new free interaction', async () => {
    const { user, cookie, session } = await t.conversation();
    const { userMessage, assistantMessage } = await ask(t.app, cookie, session.id, 'How should we price our new analytics tier?');
    const first = await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    expect(await usedBy(user.id)).toBe(1);
    const regenerate = (id: string) => inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${id}/regenerate`, cookie });

    const response = await regenerate(assistantMessage.id);
    expect(response.statusCode).toBe(202);
    expect((response.json() as { message: ChatMessageDto }).message).toMatchObject({ id: assistantMessage.id, status: 'streaming', content: '' });
    // The server decides the price: a new reply counts, on the reply's row (so a failure gives it back).
    expect(await usedBy(user.id)).toBe(2);
    expect((await row(assistantMessage.id)).chargedDay).toBe(new Date().toISOString().slice(0, 10));

    const again = await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    expect(again.status).toBe('complete');
    expect(again.content).toContain('A different take, as you asked.');
    expect(again.content).not.toBe(first.content);
    // Same place in the conversation, the question untouched.
    expect((await row(userMessage.id)).content).toBe('How should we price our new analytics tier?');

    // Only replies can be regenerated.
    const onQuestion = await regenerate(userMessage.id);
    expect(onQuestion.statusCode).toBe(400);
    expect(onQuestion.json().code).toBe('bad_request:message_state');
  });

  it('regenerating a stopped reply is its retry: nothing new is counted', async () => {
    const { user, cookie, session } = await t.conversation();
    const { assistantMessage } = await ask(t.app, cookie, session.id, 'Should we raise prices?');
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    await t.database.db.update(chatMessages).set({ status: 'stopped', chargedDay: null }).where(eq(chatMessages.id, assistantMessage.id));
    const response = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${assistantMessage.id}/regenerate`, cookie });
    expect(response.statusCode).toBe(202);
    expect(await usedBy(user.id)).toBe(1);
    expect((await waitForMessage(t.app, cookie, session.id, assistantMessage.id)).status).toBe('complete');
    expect(await usedBy(user.id)).toBe(1);
  });

  it("is the owner's only: another account's reply is not found", async () => {
    const { cookie, session } = await t.conversation();
    const { assistantMessage } = await ask(t.app, cookie, session.id, 'Mine');
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    const other = await signUpUser(t.app, t.config);
    const response = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${assistantMessage.id}/regenerate`, cookie: other.cookie });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found:message');
  });
});
