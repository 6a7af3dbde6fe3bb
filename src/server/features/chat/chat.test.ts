import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatValidation, MAX_MESSAGE_LENGTH } from '#contract/chat.ts';
import { DEMO_MARKER } from '#server/ai/demo/demo-reply.ts';
import { chatMessages } from '#server/db/schema.ts';
import { ask, createChatSession, listChatMessages, sendChatMessage, waitForMessage } from '#tests/helpers/chat-api.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';
import { messageCountOf, seedConversation } from '#tests/helpers/history-data.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const t = useTestApp();

describe('POST /api/chat-sessions', () => {
  it('creates a session with the default title and the product default for the user role', async () => {
    const { user, cookie } = await t.signIn();
    const response = await inject(t.app, { method: 'POST', url: '/api/chat-sessions', cookie, payload: { userId: user.id, executiveRole: 'CFO', industry: 'Healthcare' } });
    expect(response.statusCode).toBe(201);
    const session = response.json();
    expect(session).toMatchObject({ userId: user.id, executiveRole: 'CFO', industry: 'Healthcare', userRole: 'Research Analyst', title: 'Chat with CFO - Healthcare' });
    expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
    const got = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}`, cookie });
    expect(got.json()).toEqual(session);
  });

  it('keeps a given title and user role', async () => {
    const { session } = await t.conversation({ session: { executiveRole: 'CEO', industry: 'Music', userRole: 'Manager', title: '  Label strategy  ' } });
    expect(session).toMatchObject({ title: 'Label strategy', userRole: 'Manager' });
  });

  it('lets a free account talk to the CEO, CFO and CHRO only', async () => {
    const { cookie } = await t.signIn();
    for (const executiveRole of ['CEO', 'CFO', 'CHRO']) await createChatSession(t.app, cookie, { executiveRole, industry: 'Energy' });
    const cto = await inject(t.app, { method: 'POST', url: '/api/chat-sessions', cookie, payload: { executiveRole: 'CTO', industry: 'Energy' } });
    expect(cto.statusCode).toBe(403);
    expect(cto.json()).toEqual({ error: expect.stringContaining('Upgrade to Premium'), code: 'forbidden:role' });
    // Their own role is theirs to choose.
    await createChatSession(t.app, cookie, { executiveRole: 'CEO', industry: 'Energy', userRole: 'CTO' });
  });

  it('lets vip, admin and the allowed test-premium header talk to any executive', async () => {
    const vip = await t.signIn('vip');
    await createChatSession(t.app, vip.cookie, { executiveRole: 'CTO', industry: 'Energy' });
    const admin = await t.signIn('admin');
    await createChatSession(t.app, admin.cookie, { executiveRole: 'VP Legal', industry: 'Energy' });
    const tester = await t.signIn();
    await createChatSession(t.app, tester.cookie, { executiveRole: 'CISO', industry: 'Energy' }, { 'x-test-premium': 'true' });
  });

  it('answers 400 naming the field, and 403 for another user id', async () => {
    const { cookie } = await t.signIn();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ industry: 'Energy' }, `executiveRole: ${chatValidation.executiveRoleInvalid}`],
      [{ executiveRole: 'Wizard', industry: 'Energy' }, `executiveRole: ${chatValidation.executiveRoleInvalid}`],
      [{ executiveRole: 'CEO', industry: 'Space' }, `industry: ${chatValidation.industryInvalid}`],
      [{ executiveRole: 'CEO', industry: 'Energy', userRole: 'Boss' }, `userRole: ${chatValidation.userRoleInvalid}`],
      [{ executiveRole: 'CEO', industry: 'Energy', title: ' ' }, `title: ${chatValidation.titleInvalid}`],
      [{ executiveRole: 'CEO', industry: 'Energy', userId: 'nope' }, `userId: ${chatValidation.idInvalid}`],
    ];
    for (const [payload, error] of cases) {
      const response = await inject(t.app, { method: 'POST', url: '/api/chat-sessions', cookie, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ error, code: 'bad_request:validation' });
    }
    const other = await inject(t.app, { method: 'POST', url: '/api/chat-sessions', cookie, payload: { executiveRole: 'CEO', industry: 'Energy', userId: crypto.randomUUID() } });
    expect(other.statusCode).toBe(403);
  });

  it('requires sign-in on every chat route', async () => {
    const id = crypto.randomUUID();
    const routes: Array<[string, string]> = [
      ['POST', '/api/chat-sessions'],
      ['GET', `/api/chat-sessions/${id}`],
      ['GET', `/api/chat-sessions/${id}/messages`],
      ['POST', `/api/chat-sessions/${id}/messages`],
      ['PUT', `/api/chat-sessions/${id}/context`],
      ['GET', `/api/chat-sessions/${id}/messages/${id}/stream`],
      ['POST', `/api/chat-sessions/${id}/messages/${id}/stop`],
      ['POST', `/api/chat-sessions/${id}/messages/${id}/retry`],
      ['POST', `/api/chat-sessions/${id}/generate-title`],
      ['GET', `/api/chat-sessions/${id}/documents`],
      ['PATCH', `/api/messages/${id}/feedback`],
      ['DELETE', `/api/messages/${id}`],
      ['GET', `/api/users/${id}/latest-session`],
      ['PUT', `/api/users/${id}`],
      ['GET', '/api/chat/usage'],
    ];
    const bodies: Record<string, unknown> = {
      'POST /api/chat-sessions': { executiveRole: 'CEO', industry: 'Energy' },
      [`POST /api/chat-sessions/${id}/messages`]: { content: 'hi' },
      [`PUT /api/chat-sessions/${id}/context`]: { industry: 'Energy' },
      [`PATCH /api/messages/${id}/feedback`]: { like: 1 },
      [`PUT /api/users/${id}`]: { defaultIndustry: 'Energy' },
    };
    for (const [method, url] of routes) {
      const response = await t.app.inject({ method: method as 'GET', url, payload: bodies[`${method} ${url}`] as object | undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ error: 'Not signed in', code: 'unauthorized:auth' });
    }
  });
});

describe('path parameters', () => {
  it('answers 400 naming the parameter for ids that are not uuids, on every route with one', async () => {
    const { user, cookie } = await t.signIn();
    const good = crypto.randomUUID();
    const cases: Array<['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, string, object?]> = [
      ['GET', '/api/chat-sessions/nope', 'id'],
      ['GET', '/api/chat-sessions/nope/messages', 'id'],
      ['GET', `/api/chat-sessions/${good}/messages?before=nope`, 'before'],
      ['PUT', '/api/chat-sessions/nope/context', 'id', { industry: 'Energy' }],
      ['GET', `/api/chat-sessions/${good}/messages/nope/stream`, 'messageId'],
      ['POST', `/api/chat-sessions/${good}/messages/nope/stop`, 'messageId'],
      ['POST', `/api/chat-sessions/nope/messages/${good}/retry`, 'id'],
      ['POST', '/api/chat-sessions/nope/generate-title', 'id'],
      ['GET', '/api/chat-sessions/nope/documents', 'id'],
      ['PATCH', '/api/messages/nope/feedback', 'id', { like: 1 }],
      ['DELETE', '/api/messages/nope', 'id'],
      ['GET', '/api/users/nope/latest-session', 'id'],
      ['PUT', '/api/users/nope', 'id', { defaultIndustry: 'Energy' }],
    ];
    for (const [method, url, field, payload] of cases) {
      const response = await inject(t.app, { method, url, cookie, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json(), `${method} ${url}`).toEqual({ error: `${field}: ${chatValidation.idInvalid}`, code: 'bad_request:validation' });
    }
    expect(user.id).toBeTruthy();
  });

  it('answers 404 for well-formed ids that do not exist', async () => {
    const { cookie, session } = await t.conversation();
    const missing = crypto.randomUUID();
    const notFound: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, string, object?]> = [
      ['GET', `/api/chat-sessions/${missing}`, 'not_found:chat_session'],
      ['POST', `/api/chat-sessions/${session.id}/messages/${missing}/stop`, 'not_found:message'],
      ['POST', `/api/chat-sessions/${session.id}/messages/${missing}/retry`, 'not_found:message'],
      ['PATCH', `/api/messages/${missing}/feedback`, 'not_found:message', { like: 1 }],
      ['DELETE', `/api/messages/${missing}`, 'not_found:message'],
    ];
    for (const [method, url, code, payload] of notFound) {
      const response = await inject(t.app, { method, url, cookie, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe(code);
    }
  });
});

describe('POST /api/chat-sessions/:id/messages with the demo provider', () => {
  it('answers 201 at once with the user message and a streaming reply, which completes in character', async () => {
    const { cookie, session } = await t.conversation({ session: { executiveRole: 'CFO', industry: 'Retail', userRole: 'Manager' } });
    const response = await sendChatMessage(t.app, cookie, session.id, '  How should we price our new loyalty programme?  ');
    expect(response.statusCode).toBe(201);
    const { userMessage, assistantMessage, systemMessage } = response.json();
    expect(userMessage).toMatchObject({ role: 'user', content: 'How should we price our new loyalty programme?', status: 'complete', userRole: 'Manager', executiveRole: 'CFO', documentIds: [] });
    expect(assistantMessage).toMatchObject({ role: 'assistant', content: '', status: 'streaming', executiveRole: 'CFO' });
    expect(systemMessage).toBeNull();
    const reply = await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    expect(reply.status).toBe('complete');
    expect(reply.content).toContain(DEMO_MARKER);
    expect(reply.model).toBe('demo');
    expect(reply.promptTokens).toBeGreaterThan(0);
    expect(reply.completionTokens).toBeGreaterThan(0);
    expect(reply.error).toBeNull();
  });

  it('rejects bad input naming the field', async () => {
    const { cookie, session } = await t.conversation();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ content: '   ' }, `content: ${chatValidation.contentRequired}`],
      [{}, `content: ${chatValidation.contentRequired}`],
      [{ content: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) }, `content: ${chatValidation.contentTooLong}`],
      [{ content: 'hi', role: 'assistant' }, "role: role must be 'user' or 'system'"],
      [{ content: 'hi', userRole: 'Jester' }, `userRole: ${chatValidation.userRoleInvalid}`],
      [{ content: 'hi', documentIds: ['not-a-uuid'] }, `documentIds.0: ${chatValidation.idInvalid}`],
    ];
    for (const [payload, error] of cases) {
      const response = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages`, cookie, payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toEqual({ error, code: 'bad_request:validation' });
    }
    const missing = await sendChatMessage(t.app, cookie, crypto.randomUUID(), 'hello');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Conversation not found', code: 'not_found:chat_session' });
    const badId = await sendChatMessage(t.app, cookie, 'abc', 'hello');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error).toBe(`id: ${chatValidation.idInvalid}`);
  });

  it('stores document ids with the user message and a 8000-character message is accepted', async () => {
    const { cookie, session } = await t.conversation();
    const documentIds = [crypto.randomUUID(), crypto.randomUUID()];
    const { userMessage, assistantMessage } = (await sendChatMessage(t.app, cookie, session.id, 'y'.repeat(MAX_MESSAGE_LENGTH), { documentIds })).json();
    expect(userMessage.documentIds).toEqual(documentIds);
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
  });

  it('takes system notes from Premium only, without counting an interaction', async () => {
    const premium = await t.signIn('vip');
    const session = await createChatSession(t.app, premium.cookie);
    const note = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages`, cookie: premium.cookie, payload: { content: 'Board meeting moved to Friday.', role: 'system', userRole: null } });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toEqual({ systemMessage: expect.objectContaining({ role: 'system', content: 'Board meeting moved to Friday.', status: 'complete' }) });

    const free = await t.signIn();
    const freeSession = await createChatSession(t.app, free.cookie);
    const refused = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${freeSession.id}/messages`, cookie: free.cookie, payload: { content: 'note', role: 'system' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden:premium');
    const usage = await inject(t.app, { method: 'GET', url: '/api/chat/usage', cookie: free.cookie });
    expect(usage.json().interactionsUsed).toBe(0);
  });
});

describe('GET /api/chat-sessions/:id/messages', () => {
  it('returns the latest 50 oldest first, and older pages with before', async () => {
    const { user, cookie, session } = await t.conversation();
    const { chatMessages } = await import('#server/db/schema.ts');
    const base = Date.now() - 1_000_000;
    await t.database.db.insert(chatMessages).values(
      Array.from({ length: 120 }, (_, i) => ({ sessionId: session.id, role: 'user' as const, content: `m${i}`, timestamp: new Date(base + i * 1000) })),
    );
    const first = await listChatMessages(t.app, cookie, session.id);
    expect(first.messages).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.messages[0]!.content).toBe('m70');
    expect(first.messages[49]!.content).toBe('m119');
    const second = await listChatMessages(t.app, cookie, session.id, `?before=${first.messages[0]!.id}`);
    expect(second.messages.map((m) => m.content)).toEqual(Array.from({ length: 50 }, (_, i) => `m${20 + i}`));
    expect(second.hasMore).toBe(true);
    const third = await listChatMessages(t.app, cookie, session.id, `?before=${second.messages[0]!.id}&limit=50`);
    expect(third.messages).toHaveLength(20);
    expect(third.hasMore).toBe(false);
    const small = await listChatMessages(t.app, cookie, session.id, '?limit=3');
    expect(small.messages.map((m) => m.content)).toEqual(['m117', 'm118', 'm119']);
    const bad = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}/messages?limit=1000`, cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^limit: /);
    expect(user.id).toBeTruthy();
  });

  it('orders a reply after its question even though both are written in one transaction', async () => {
    const { cookie, session } = await t.conversation();
    for (const question of ['first question', 'second question']) {
      const { assistantMessage } = await ask(t.app, cookie, session.id, question);
      await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    }
    const { messages } = await listChatMessages(t.app, cookie, session.id);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[0]!.content).toBe('first question');
  });
});

describe('titles', () => {
  it('generates a title automatically once the conversation has 2 messages, and on request', async () => {
    const { cookie, session } = await t.conversation({ session: { executiveRole: 'CHRO', industry: 'Travel & Leisure' } });
    expect(session.title).toBe('Chat with CHRO - Travel & Leisure');
    const { assistantMessage } = await ask(t.app, cookie, session.id, 'how do we retain seasonal staff across winter?');
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    const titled = await waitFor(async () => {
      const s = (await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}`, cookie })).json();
      return s.title !== session.title ? s : undefined;
    }, 'the automatic title');
    expect(titled.title).toBe('How do we retain seasonal staff across winter');

    const generated = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/generate-title`, cookie });
    expect(generated.statusCode).toBe(200);
    expect(generated.json()).toEqual({ title: 'How do we retain seasonal staff across winter' });
  });

  it('keeps the current title when there is nothing to title yet', async () => {
    const { cookie, session } = await t.conversation();
    const response = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/generate-title`, cookie });
    expect(response.json()).toEqual({ title: session.title });
  });
});

describe('DELETE /api/chat-sessions/:id', () => {
  it('deletes one own conversation and its messages; 404 for anything else', async () => {
    const db = t.database.db;
    const { user, cookie } = await t.signIn('vip');
    const other = await t.signIn('vip');
    const mine = await seedConversation(db, user.id, { messages: [{ role: 'user', content: 'delete me' }] });
    const theirs = await seedConversation(db, other.user.id, { messages: [{ role: 'user', content: 'keep me' }] });

    const response = await inject(t.app, { method: 'DELETE', url: `/api/chat-sessions/${mine.id}`, cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect(await db.select().from(chatMessages).where(eq(chatMessages.sessionId, mine.id))).toEqual([]);

    for (const id of [mine.id, theirs.id, crypto.randomUUID()]) {
      const again = await inject(t.app, { method: 'DELETE', url: `/api/chat-sessions/${id}`, cookie });
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe('not_found:chat_session');
    }
    expect(await messageCountOf(db, [theirs.id])).toBe(1);
    const signedOut = await t.app.inject({ method: 'DELETE', url: `/api/chat-sessions/${theirs.id}` });
    expect(signedOut.statusCode).toBe(401);
  });

  it('deletes a conversation while its reply is still being written', async () => {
    const { user, cookie } = await t.signIn('vip');
    const session = await createChatSession(t.app, cookie);
    await ask(t.app, cookie, session.id, 'Tell me about margins');
    const response = await inject(t.app, { method: 'DELETE', url: `/api/chat-sessions/${session.id}`, cookie });
    expect(response.statusCode).toBe(200);
    expect((await inject(t.app, { method: 'GET', url: `/api/users/${user.id}/chat-sessions`, cookie })).json().sessions).toEqual([]);
    const messages = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}/messages`, cookie });
    expect(messages.statusCode).toBe(404);
  });
});
