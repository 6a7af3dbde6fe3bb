import { describe, expect, it } from 'vitest';
import { ask, createChatSession, listChatMessages, waitForMessage } from '#tests/helpers/chat-api.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const t = useTestApp();

describe("another user's conversation", () => {
  it('is not found through any route, and stays unchanged', async () => {
    const owner = await t.signIn();
    const session = await createChatSession(t.app, owner.cookie, { executiveRole: 'CEO', industry: 'Finance', title: 'Private plans' });
    const { userMessage, assistantMessage } = await ask(t.app, owner.cookie, session.id, 'Our secret acquisition target');
    const reply = await waitForMessage(t.app, owner.cookie, session.id, assistantMessage.id);
    // Let the automatic title (2 messages) land first, so the session is at rest before the attempts.
    const titled = await waitFor(async () => {
      const current = (await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}`, cookie: owner.cookie })).json();
      return current.title !== 'Private plans' ? current : undefined;
    }, 'the automatic title');

    // A Premium intruder, so no plan rule answers before the ownership check does.
    const intruder = await t.signIn('admin');
    const s = session.id;
    const attempts: Array<{ method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object; code: string }> = [
      { method: 'GET', url: `/api/chat-sessions/${s}`, code: 'not_found:chat_session' },
      { method: 'GET', url: `/api/chat-sessions/${s}/messages`, code: 'not_found:chat_session' },
      { method: 'GET', url: `/api/chat-sessions/${s}/messages?before=${assistantMessage.id}`, code: 'not_found:chat_session' },
      { method: 'POST', url: `/api/chat-sessions/${s}/messages`, payload: { content: 'let me in' }, code: 'not_found:chat_session' },
      { method: 'POST', url: `/api/chat-sessions/${s}/messages`, payload: { content: 'note', role: 'system' }, code: 'not_found:chat_session' },
      { method: 'PUT', url: `/api/chat-sessions/${s}/context`, payload: { executiveRole: 'CFO' }, code: 'not_found:chat_session' },
      { method: 'PATCH', url: `/api/chat-sessions/${s}`, payload: { title: 'Mine now' }, code: 'not_found:chat_session' },
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
