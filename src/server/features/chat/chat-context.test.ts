import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatValidation } from '#contract/chat.ts';
import { chatMessages, users } from '#server/db/schema.ts';
import { ask, createChatSession, listChatMessages, waitForMessage } from '#tests/helpers/chat-api.ts';
import { createTestApp, inject, signUpUser } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const t = useTestApp();

const putContext = (cookie: string, sessionId: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  inject(t.app, { method: 'PUT', url: `/api/chat-sessions/${sessionId}/context`, cookie, payload, headers });

async function converse(cookie: string, sessionId: string) {
  const { assistantMessage } = await ask(t.app, cookie, sessionId, 'What should we focus on this quarter?');
  await waitForMessage(t.app, cookie, sessionId, assistantMessage.id);
}

describe('PUT /api/chat-sessions/:id/context', () => {
  it('lets a free account switch before the first message, within the free executives, without a note', async () => {
    const { cookie, session } = await t.conversation();
    const response = await putContext(cookie, session.id, { executiveRole: 'CHRO', industry: 'Finance', userRole: 'VP Sales' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      session: expect.objectContaining({ executiveRole: 'CHRO', industry: 'Finance', userRole: 'VP Sales' }),
      systemMessage: null,
    });
    const cto = await putContext(cookie, session.id, { executiveRole: 'CTO' });
    expect(cto.statusCode).toBe(403);
    expect(cto.json().code).toBe('forbidden:role');
  });

  it('refuses a free account any change once the conversation has started, but accepts an unchanged value', async () => {
    const { cookie, session } = await t.conversation();
    await converse(cookie, session.id);
    for (const change of [{ executiveRole: 'CFO' }, { industry: 'Energy' }, { userRole: 'CEO' }]) {
      const response = await putContext(cookie, session.id, change);
      expect(response.statusCode, JSON.stringify(change)).toBe(403);
      expect(response.json()).toEqual({ error: expect.stringContaining('Upgrade to Premium'), code: 'forbidden:context' });
    }
    const same = await putContext(cookie, session.id, { executiveRole: 'CEO' });
    expect(same.statusCode).toBe(200);
    // Sending a message as another role is the same change, and refused the same way.
    const asOther = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages`, cookie, payload: { content: 'hi', userRole: 'CEO' } });
    expect(asOther.statusCode).toBe(403);
    expect(asOther.json().code).toBe('forbidden:context');
  });

  it('lets Premium switch mid-conversation, leaving a system message that describes the change', async () => {
    const { cookie, session } = await t.conversation({ plan: 'subscriber', session: { executiveRole: 'CEO', industry: 'Technology', userRole: 'Manager' } });
    await converse(cookie, session.id);
    const advisor = await putContext(cookie, session.id, { executiveRole: 'CFO' });
    expect(advisor.statusCode).toBe(200);
    expect(advisor.json().systemMessage).toMatchObject({ role: 'system', content: 'Switched advisor from CEO to CFO.', executiveRole: 'CFO', status: 'complete' });
    const industry = await putContext(cookie, session.id, { industry: 'Healthcare' });
    expect(industry.json().systemMessage.content).toBe('Industry changed from Technology to Healthcare.');
    const role = await putContext(cookie, session.id, { userRole: 'CEO' });
    expect(role.json().systemMessage.content).toBe('Your role changed from Manager to CEO.');
    const both = await putContext(cookie, session.id, { executiveRole: 'CTO', industry: 'Energy' });
    expect(both.json().systemMessage.content).toBe('Switched advisor from CFO to CTO. Industry changed from Healthcare to Energy.');
    const unchanged = await putContext(cookie, session.id, { executiveRole: 'CTO' });
    expect(unchanged.json().systemMessage).toBeNull();

    // A message sent as another role leaves the note too, before the question.
    const sent = await ask(t.app, cookie, session.id, 'And now?');
    await waitForMessage(t.app, cookie, session.id, sent.assistantMessage.id);
    expect(sent.systemMessage?.content).toBe(undefined);
    const asDirector = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages`, cookie, payload: { content: 'As a director?', userRole: 'Director' } });
    expect(asDirector.statusCode).toBe(201);
    expect(asDirector.json().systemMessage.content).toBe('Your role changed from CEO to Director.');
    await waitForMessage(t.app, cookie, session.id, asDirector.json().assistantMessage.id);
    const { messages } = await listChatMessages(t.app, cookie, session.id);
    expect(messages.slice(-3).map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    expect(messages.slice(-2).every((m) => m.userRole === 'Director')).toBe(true);
  });

  it('treats the test-premium header as Premium only where the server allows it', async () => {
    const allowed = await t.signIn();
    const session = await createChatSession(t.app, allowed.cookie);
    await converse(allowed.cookie, session.id);
    const ok = await putContext(allowed.cookie, session.id, { executiveRole: 'COO' }, { 'x-test-premium': 'true' });
    expect(ok.statusCode).toBe(200);

    const strict = await createTestApp({ AI_PROVIDER: 'demo', ALLOW_TEST_PREMIUM: 'false' });
    try {
      const { cookie } = await signUpUser(strict.app, strict.config);
      const refused = await inject(strict.app, {
        method: 'POST',
        url: '/api/chat-sessions',
        cookie,
        payload: { executiveRole: 'COO', industry: 'Energy' },
        headers: { 'x-test-premium': 'true' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('forbidden:role');
    } finally {
      await strict.close();
    }
  });

  it('validates the body', async () => {
    const { cookie, session } = await t.conversation();
    const empty = await putContext(cookie, session.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(`Request body: ${chatValidation.nothingToChange}`);
    const bad = await putContext(cookie, session.id, { industry: 'Mars' });
    expect(bad.json()).toEqual({ error: `industry: ${chatValidation.industryInvalid}`, code: 'bad_request:validation' });
  });
});

describe('feedback and deletion', () => {
  it('likes, dislikes and clears a reply; refuses both at once and rating a user message', async () => {
    const { cookie, session } = await t.conversation();
    const { userMessage, assistantMessage } = await ask(t.app, cookie, session.id, 'Rate me');
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    const feedback = (payload: Record<string, unknown>, id = assistantMessage.id) => inject(t.app, { method: 'PATCH', url: `/api/messages/${id}/feedback`, cookie, payload });

    const like = await feedback({ like: 1, dislike: null });
    expect(like.statusCode).toBe(200);
    expect(like.json()).toMatchObject({ id: assistantMessage.id, like: 1, dislike: null });
    expect((await feedback({ dislike: -1 })).json()).toMatchObject({ like: null, dislike: -1 });
    expect((await feedback({ like: null, dislike: null })).json()).toMatchObject({ like: null, dislike: null });

    const both = await feedback({ like: 1, dislike: -1 });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe(`dislike: ${chatValidation.likeAndDislike}`);
    expect((await feedback({ like: 2 })).statusCode).toBe(400);
    const onUser = await feedback({ like: 1 }, userMessage.id);
    expect(onUser.statusCode).toBe(400);
    expect(onUser.json().code).toBe('bad_request:message_state');
  });

  it('deletes a message for good, a question with its reply, and deleting a session cascades to its messages', async () => {
    const { user, cookie, session } = await t.conversation();
    const first = await ask(t.app, cookie, session.id, 'Keep me');
    await waitForMessage(t.app, cookie, session.id, first.assistantMessage.id);
    const { userMessage, assistantMessage } = await ask(t.app, cookie, session.id, 'Delete me');
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    const third = await ask(t.app, cookie, session.id, 'Keep me too');
    await waitForMessage(t.app, cookie, session.id, third.assistantMessage.id);

    // A question goes with its reply (issue 14, defect 8), and only with its own.
    const deleted = await inject(t.app, { method: 'DELETE', url: `/api/messages/${userMessage.id}`, cookie });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deletedIds: [userMessage.id, assistantMessage.id] });
    expect((await listChatMessages(t.app, cookie, session.id)).messages.map((m) => m.id)).toEqual([
      first.userMessage.id,
      first.assistantMessage.id,
      third.userMessage.id,
      third.assistantMessage.id,
    ]);
    expect((await inject(t.app, { method: 'DELETE', url: `/api/messages/${userMessage.id}`, cookie })).statusCode).toBe(404);

    // A reply goes alone; its question stays.
    const reply = await inject(t.app, { method: 'DELETE', url: `/api/messages/${third.assistantMessage.id}`, cookie });
    expect(reply.json()).toEqual({ deletedIds: [third.assistantMessage.id] });
    // The last question, now without a reply, goes alone.
    expect((await inject(t.app, { method: 'DELETE', url: `/api/messages/${third.userMessage.id}`, cookie })).json()).toEqual({ deletedIds: [third.userMessage.id] });
    expect((await listChatMessages(t.app, cookie, session.id)).messages.map((m) => m.id)).toEqual([first.userMessage.id, first.assistantMessage.id]);

    await t.database.db.delete(users).where(eq(users.id, user.id));
    const left = await t.database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, session.id));
    expect(left).toEqual([]);
  });
});

describe('GET /api/users/:id/latest-session', () => {
  it('returns the most recently used session, or null', async () => {
    const { user, cookie } = await t.signIn();
    const none = await inject(t.app, { method: 'GET', url: `/api/users/${user.id}/latest-session`, cookie });
    expect(none.json()).toEqual({ id: null });
    const older = await createChatSession(t.app, cookie);
    const newer = await createChatSession(t.app, cookie);
    expect((await inject(t.app, { method: 'GET', url: `/api/users/${user.id}/latest-session`, cookie })).json()).toEqual({ id: newer.id });
    const { assistantMessage } = await ask(t.app, cookie, older.id, 'bump');
    await waitForMessage(t.app, cookie, older.id, assistantMessage.id);
    expect((await inject(t.app, { method: 'GET', url: `/api/users/${user.id}/latest-session`, cookie })).json()).toEqual({ id: older.id });
  });

});

describe('GET /api/chat-sessions/:id/documents', () => {
  it('lists no documents yet for an owned session', async () => {
    const { cookie, session } = await t.conversation();
    const response = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}/documents`, cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});
