import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { historyValidation, MAX_SESSIONS_PER_DELETE } from '#contract/history.ts';
import { chatSessionSummaries } from '#server/db/schema.ts';
import { ask, createChatSession, waitForMessage } from '#tests/helpers/chat-api.ts';
import { messageCountOf, seedConversation } from '#tests/helpers/history-data.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const t = useTestApp();

async function list(userId: string, cookie: string, query = '') {
  return inject(t.app, { method: 'GET', url: `/api/users/${userId}/chat-sessions${query}`, cookie });
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('GET /api/users/:id/chat-sessions', () => {
  it('lists every conversation newest first with its summary', async () => {
    const { user, cookie } = await t.signIn('vip');
    const db = t.database.db;
    const old = await seedConversation(db, user.id, { title: 'Older plan', executiveRole: 'COO', industry: 'Energy', updatedAt: minutesAgo(60 * 24 * 40) });
    const recent = await seedConversation(db, user.id, {
      title: 'Pricing review',
      executiveRole: 'CFO',
      industry: 'Retail',
      updatedAt: minutesAgo(5),
      messages: [
        { role: 'user', content: 'Should we raise **prices** for [new customers](https://example.com)?' },
        { role: 'assistant', content: '## Short answer\n\nYes, **carefully**: test on [new customers](https://example.com) first.' },
        { role: 'system', content: 'Switched advisor from CFO to CMO.' },
      ],
    });
    const empty = await seedConversation(db, user.id, { title: 'Just started', updatedAt: minutesAgo(30) });

    const response = await list(user.id, cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.hasMore).toBe(false);
    expect(body.sessions.map((s: { id: string }) => s.id)).toEqual([recent.id, empty.id, old.id]);
    expect(body.sessions[0]).toEqual({
      id: recent.id,
      title: 'Pricing review',
      executiveRole: 'CFO',
      industry: 'Retail',
      userRole: 'CEO',
      // The latest question, as plain text; system notes are not counted.
      preview: 'Should we raise prices for new customers?',
      messageCount: 2,
      documentCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      snippet: null,
    });
    expect(body.sessions[1]).toMatchObject({ title: 'Just started', preview: null, messageCount: 0, documentCount: 0 });
  });

  it('keeps counts and previews in step with the chat API: sending, streaming replies and deleting messages', async () => {
    const { user, cookie } = await t.signIn('vip');
    const session = await createChatSession(t.app, cookie, { executiveRole: 'CMO', industry: 'Music' });
    const first = await ask(t.app, cookie, session.id, 'How do we grow streaming revenue?');
    const reply = await waitForMessage(t.app, cookie, session.id, first.assistantMessage.id);
    expect(reply.status).toBe('complete');

    let item = (await list(user.id, cookie)).json().sessions[0];
    expect(item).toMatchObject({ id: session.id, messageCount: 2, preview: 'How do we grow streaming revenue?' });

    const second = await ask(t.app, cookie, session.id, 'And in Japan?');
    await waitForMessage(t.app, cookie, session.id, second.assistantMessage.id);
    item = (await list(user.id, cookie)).json().sessions[0];
    expect(item).toMatchObject({ messageCount: 4, preview: 'And in Japan?' });

    for (const id of [second.userMessage.id, reply.id]) {
      const deleted = await inject(t.app, { method: 'DELETE', url: `/api/messages/${id}`, cookie });
      expect(deleted.statusCode).toBeLessThan(300);
    }
    item = (await list(user.id, cookie)).json().sessions[0];
    expect(item).toMatchObject({ messageCount: 2, preview: 'How do we grow streaming revenue?' });
  });

  it('is refused to standard accounts by the server, not just the page', async () => {
    const { user, cookie } = await t.signIn();
    await seedConversation(t.database.db, user.id, { title: 'Mine' });
    for (const query of ['', '?q=mine']) {
      const response = await list(user.id, cookie, query);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: expect.stringContaining('Premium'), code: 'forbidden:premium' });
    }
    // The test-premium header counts only where the server allows it (it does in test configuration).
    const withFlag = await inject(t.app, { method: 'GET', url: `/api/users/${user.id}/chat-sessions`, cookie, headers: { 'x-test-premium': 'true' } });
    expect(withFlag.statusCode).toBe(200);
  });

  it("answers 404 for another user's list and 401 when signed out", async () => {
    const owner = await t.signIn('vip');
    await seedConversation(t.database.db, owner.user.id, { title: 'Secret strategy' });
    const other = await t.signIn('vip');
    const response = await list(owner.user.id, other.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found:user');
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.id}/chat-sessions` });
    expect(signedOut.statusCode).toBe(401);
    // Nobody else's conversations appear in a user's own list either.
    expect((await list(other.user.id, other.cookie)).json().sessions).toEqual([]);
  });

  it('validates the id and the search length', async () => {
    const { user, cookie } = await t.signIn('vip');
    const badId = await list('nope', cookie);
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ error: `id: ${historyValidation.idInvalid}`, code: 'bad_request:validation' });
    const tooLong = await list(user.id, cookie, `?q=${'a'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe(`q: ${historyValidation.queryTooLong}`);
    const blank = await list(user.id, cookie, '?q=%20%20');
    expect(blank.statusCode).toBe(200);
  });
});

describe('DELETE /api/users/:id/chat-sessions', () => {
  it("deletes only the caller's own conversations, with their messages, and answers how many", async () => {
    const db = t.database.db;
    const { user, cookie } = await t.signIn('vip');
    const other = await t.signIn('vip');
    const messages = [
      { role: 'user' as const, content: 'hello' },
      { role: 'assistant' as const, content: 'hi' },
    ];
    const mine = [await seedConversation(db, user.id, { messages }), await seedConversation(db, user.id, { messages })];
    const kept = await seedConversation(db, user.id, { messages });
    const theirs = await seedConversation(db, other.user.id, { messages });

    const response = await inject(t.app, {
      method: 'DELETE',
      url: `/api/users/${user.id}/chat-sessions`,
      cookie,
      payload: { sessionIds: [...mine.map((s) => s.id), mine[0]!.id, theirs.id, crypto.randomUUID()] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 2 });

    // Gone for good: sessions, messages and summaries.
    expect(await messageCountOf(db, mine.map((s) => s.id))).toBe(0);
    expect(await db.select().from(chatSessionSummaries).where(inArray(chatSessionSummaries.sessionId, mine.map((s) => s.id)))).toEqual([]);
    expect((await list(user.id, cookie)).json().sessions.map((s: { id: string }) => s.id)).toEqual([kept.id]);
    expect(await messageCountOf(db, [theirs.id, kept.id])).toBe(4);
  });

  it('is open to standard accounts for their own conversations (deleting is not a Premium feature)', async () => {
    const { user, cookie } = await t.signIn();
    const session = await seedConversation(t.database.db, user.id, { messages: [{ role: 'user', content: 'x' }] });
    const response = await inject(t.app, { method: 'DELETE', url: `/api/users/${user.id}/chat-sessions`, cookie, payload: { sessionIds: [session.id] } });
    expect(response.json()).toEqual({ deletedCount: 1 });
  });

  it("answers 404 for another user's path and 400 for a bad list", async () => {
    const { user, cookie } = await t.signIn('vip');
    const other = await t.signIn('vip');
    const theirs = await seedConversation(t.database.db, other.user.id);
    const wrongUser = await inject(t.app, { method: 'DELETE', url: `/api/users/${other.user.id}/chat-sessions`, cookie, payload: { sessionIds: [theirs.id] } });
    expect(wrongUser.statusCode).toBe(404);
    expect(await messageCountOf(t.database.db, [theirs.id])).toBe(0);
    expect((await list(other.user.id, other.cookie)).json().sessions).toHaveLength(1);

    const cases = [{}, { sessionIds: [] }, { sessionIds: ['nope'] }, { sessionIds: Array.from({ length: MAX_SESSIONS_PER_DELETE + 1 }, () => crypto.randomUUID()) }];
    for (const payload of cases) {
      const response = await inject(t.app, { method: 'DELETE', url: `/api/users/${user.id}/chat-sessions`, cookie, payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().code).toBe('bad_request:validation');
    }
  });
});
