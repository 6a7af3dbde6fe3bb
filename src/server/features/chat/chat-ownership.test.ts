import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '#server/db/schema.ts';
import { ask, createChatSession, listChatMessages, waitFor, waitForMessage } from '#tests/helpers/chat-api.ts';
import { createTestApp, inject, signUpUser, type TestApp } from '#tests/helpers/test-app.ts';

// Each app opens its own database (seconds for PGlite on a busy machine); the limits are for hangs, not speed.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ AI_PROVIDER: 'demo' });
});
afterAll(async () => {
  await t.close();
});

describe("another user's conversation", () => {
  it('is not found through any route, and stays unchanged', async () => {
    const owner = await signUpUser(t.app, t.config);
    const session = await createChatSession(t.app, owner.cookie, { executiveRole: 'CEO', industry: 'Finance', title: 'Private plans' });
    const { userMessage, assistantMessage } = await ask(t.app, owner.cookie, session.id, 'Our secret acquisition target');
    const reply = await waitForMessage(t.app, owner.cookie, session.id, assistantMessage.id);
    // Let the automatic title (2 messages) land first, so the session is at rest before the attempts.
    const titled = await waitFor(async () => {
      const current = (await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}`, cookie: owner.cookie })).json();
      return current.title !== 'Private plans' ? current : undefined;
    }, 'the automatic title');

    // A Premium intruder, so no plan rule answers before the ownership check does.
    const intruder = await signUpUser(t.app, t.config);
    await t.database.db.update(users).set({ appUserType: 'admin' }).where(eq(users.id, intruder.user.id));
    const s = session.id;
    const attempts: Array<{ method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object; code: string }> = [
      { method: 'GET', url: `/api/chat-sessions/${s}`, code: 'not_found:chat_session' },
      { method: 'GET', url: `/api/chat-sessions/${s}/messages`, code: 'not_found:chat_session' },
      { method: 'GET', url: `/api/chat-sessions/${s}/messages?before=${assistantMessage.id}`, code: 'not_found:chat_session' },
      { method: 'POST', url: `/api/chat-sessions/${s}/messages`, payload: { content: 'let me in' }, code: 'not_found:chat_session' },
      { method: 'POST', url: `/api/chat-sessions/${s}/messages`, payload: { content: 'note', role: 'system' }, code: 'not_found:chat_session' },
      { method: 'PUT', url: `/api/chat-sessions/${s}/context`, payload: { executiveRole: 'CFO' }, code: 'not_found:chat_session' },
      { method: 'POST', url: `/api/chat-sessions/${s}/generate-title`, code: 'not_found:chat_session' },
      { method: 'GET', url: `/api/chat-sessions/${s}/documents`, code: 'not_found:chat_session' },
      { method: 'GET', url: `/api/chat-sessions/${s}/messages/${assistantMessage.id}/stream`, code: 'not_found:message' },
      { method: 'POST', url: `/api/chat-sessions/${s}/messages/${assistantMessage.id}/stop`, code: 'not_found:message' },
      { method: 'POST', url: `/api/chat-sessions/${s}/messages/${assistantMessage.id}/retry`, code: 'not_found:message' },
      { method: 'PATCH', url: `/api/messages/${assistantMessage.id}/feedback`, payload: { like: 1 }, code: 'not_found:message' },
      { method: 'DELETE', url: `/api/messages/${assistantMessage.id}`, code: 'not_found:message' },
      { method: 'DELETE', url: `/api/messages/${userMessage.id}`, code: 'not_found:message' },
      { method: 'GET', url: `/api/users/${owner.user.id}/latest-session`, code: 'not_found:user' },
      { method: 'PUT', url: `/api/users/${owner.user.id}`, payload: { defaultIndustry: 'Energy' }, code: 'not_found:user' },
    ];
    for (const attempt of attempts) {
      const response = await inject(t.app, { method: attempt.method, url: attempt.url, payload: attempt.payload, cookie: intruder.cookie });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(response.json(), `${attempt.method} ${attempt.url}`).toEqual({ error: expect.any(String), code: attempt.code });
      expect(response.body).not.toContain('secret');
      expect(response.body).not.toContain('Secret');
    }

    // The intruder's own session cannot reach the owner's messages either.
    const own = await createChatSession(t.app, intruder.cookie);
    for (const url of [`/api/chat-sessions/${own.id}/messages/${assistantMessage.id}/stop`, `/api/chat-sessions/${own.id}/messages/${assistantMessage.id}/retry`]) {
      expect((await inject(t.app, { method: 'POST', url, cookie: intruder.cookie })).statusCode).toBe(404);
    }
    const ownPage = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${own.id}/messages?before=${assistantMessage.id}`, cookie: intruder.cookie });
    expect(ownPage.json()).toEqual({ messages: [], hasMore: false });

    // Nothing changed for the owner.
    const { messages } = await listChatMessages(t.app, owner.cookie, session.id);
    expect(messages).toEqual([expect.objectContaining({ id: userMessage.id }), { ...reply, like: null }]);
    const ownerSession = (await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}`, cookie: owner.cookie })).json();
    expect(ownerSession).toEqual(titled);
    const me = (await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie: owner.cookie })).json();
    expect(me.defaultIndustry).toBeNull();
  });
});
