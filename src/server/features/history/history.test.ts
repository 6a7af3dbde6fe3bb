import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HISTORY_PAGE_SIZE, historyValidation, MAX_SESSIONS_PER_DELETE, type ListChatSessionsResponse } from '#contract/history.ts';
import { chatSessions, chatSessionSearch, chatSessionSummaries } from '#server/db/schema.ts';
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
      roundtableCount: 0,
      headToHeadCount: 0,
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

    // The second question goes with its reply (decision 028), the first reply alone.
    for (const [id, count] of [[second.userMessage.id, 2], [reply.id, 1]] as const) {
      const deleted = await inject(t.app, { method: 'DELETE', url: `/api/messages/${id}`, cookie });
      expect(deleted.statusCode).toBeLessThan(300);
      item = (await list(user.id, cookie)).json().sessions[0];
      expect(item).toMatchObject({ messageCount: count, preview: 'How do we grow streaming revenue?' });
    }
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

  it('pages through every conversation newest first, 50 at a time, with ties and microseconds, the total on the first page', async () => {
    const { user, cookie } = await t.signIn('vip');
    const db = t.database.db;
    // 130 conversations: pairs updated at the very same moment (ties broken by id), and times with microseconds.
    const base = Date.now() - 86_400_000;
    const rows = await db
      .insert(chatSessions)
      .values(Array.from({ length: 130 }, (_, i) => ({ userId: user.id, title: `Page ${i}`, executiveRole: 'CEO', industry: 'Energy', userRole: 'CFO' })))
      .returning({ id: chatSessions.id });
    await db.execute(sql`update chat_sessions set updated_at = to_timestamp(${base / 1000} - floor(n.rn / 2) * 60 + 0.000123)
      from (select id, row_number() over (order by id) as rn from chat_sessions where user_id = ${user.id}) n where chat_sessions.id = n.id`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(user.id, cookie, cursor ? `?before=${encodeURIComponent(cursor)}` : '');
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<ListChatSessionsResponse>();
      expect(page.sessions.length).toBeLessThanOrEqual(HISTORY_PAGE_SIZE);
      expect(page.total).toBe(pages === 0 ? 130 : null);
      expect(page.hasMore).toBe(page.nextCursor !== null);
      seen.push(...page.sessions.map((s) => s.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(130);
    expect(seen.sort()).toEqual(rows.map((r) => r.id).sort());

    for (const before of ['yesterday', '0000-00-00T00:00:00.000000Z_aa0aa0a0-a0aa-0000-a00a-aa0a0000a00a', '2026-02-30T10:00:00.000000Z_aa0aa0a0-a0aa-0000-a00a-aa0a0000a00a']) {
      const bad = await list(user.id, cookie, `?before=${encodeURIComponent(before)}`);
      expect(bad.statusCode, before).toBe(400);
      expect(bad.body).toContain(historyValidation.cursorInvalid);
    }
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

    const cases: Array<[unknown, string]> = [
      [{}, `Request body: ${historyValidation.deleteSelectionInvalid}`],
      [{ sessionIds: [] }, `sessionIds: ${historyValidation.sessionIdsInvalid}`],
      [{ sessionIds: ['nope'] }, `sessionIds.0: ${historyValidation.idInvalid}`],
      [{ sessionIds: Array.from({ length: MAX_SESSIONS_PER_DELETE + 1 }, () => crypto.randomUUID()) }, `Request body: ${historyValidation.deleteSelectionInvalid}`],
      // "All" is said one way only: true, and never together with a list.
      [{ all: false }, `Request body: ${historyValidation.deleteSelectionInvalid}`],
      [{ all: 'yes' }, `Request body: ${historyValidation.deleteSelectionInvalid}`],
      [{ all: true, sessionIds: [theirs.id] }, `Request body: ${historyValidation.deleteSelectionInvalid}`],
    ];
    for (const [payload, error] of cases) {
      const response = await inject(t.app, { method: 'DELETE', url: `/api/users/${user.id}/chat-sessions`, cookie, payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json()).toEqual({ error, code: 'bad_request:validation' });
    }
  });
});

describe('DELETE /api/users/:id/chat-sessions with { all: true }', () => {
  const messages = [
    { role: 'user' as const, content: 'hello' },
    { role: 'assistant' as const, content: 'hi' },
  ];
  const countWhere = async (table: typeof chatSessions | typeof chatSessionSummaries, userId: string) =>
    (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table).where(eq(table.userId, userId)))[0]!.n;

  it("deletes every one of the caller's conversations in one call, more than the list shows, and nobody else's", async () => {
    const db = t.database.db;
    const { user, cookie } = await t.signIn('vip');
    const other = await t.signIn('vip');
    const withMessages = [await seedConversation(db, user.id, { messages }), await seedConversation(db, user.id, { messages })];
    // More than the history list's first page: the browser has not seen them all.
    const now = Date.now();
    await db.insert(chatSessions).values(
      Array.from({ length: HISTORY_PAGE_SIZE + 5 }, (_, i) => ({
        userId: user.id,
        title: `Old ${i}`,
        executiveRole: 'CEO',
        industry: 'Energy',
        userRole: 'CFO',
        createdAt: new Date(now - (i + 10) * 60_000),
        updatedAt: new Date(now - (i + 10) * 60_000),
      })),
    );
    const theirs = [await seedConversation(db, other.user.id, { messages }), await seedConversation(db, other.user.id, { messages })];
    // The job the database queued builds the search documents, so they are there to be deleted too.
    await t.app.jobs.runUntilIdle();
    expect((await list(user.id, cookie, '?q=hello')).json().sessions).toHaveLength(2);
    expect((await list(user.id, cookie)).json().hasMore).toBe(true);

    const response = await inject(t.app, { method: 'DELETE', url: `/api/users/${user.id}/chat-sessions`, cookie, payload: { all: true } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: HISTORY_PAGE_SIZE + 7 });

    expect((await list(user.id, cookie)).json()).toMatchObject({ sessions: [], hasMore: false, nextCursor: null });
    expect(await countWhere(chatSessions, user.id)).toBe(0);
    expect(await countWhere(chatSessionSummaries, user.id)).toBe(0);
    expect(await messageCountOf(db, withMessages.map((s) => s.id))).toBe(0);
    expect(await db.select().from(chatSessionSearch).where(inArray(chatSessionSearch.sessionId, withMessages.map((s) => s.id)))).toEqual([]);
    // The other account keeps everything.
    expect((await list(other.user.id, other.cookie)).json().sessions.map((s: { id: string }) => s.id).sort()).toEqual(theirs.map((s) => s.id).sort());
    expect(await messageCountOf(db, theirs.map((s) => s.id))).toBe(4);

    // Nothing left: still an answer, with a count of 0.
    const again = await inject(t.app, { method: 'DELETE', url: `/api/users/${user.id}/chat-sessions`, cookie, payload: { all: true } });
    expect(again.json()).toEqual({ deletedCount: 0 });
  });

  it('only the owner may call it: 404 for another account, 401 signed out, 403 from another site', async () => {
    const db = t.database.db;
    const owner = await t.signIn();
    const intruder = await t.signIn('vip');
    const owned = await seedConversation(db, owner.user.id, { messages });
    const intruders = await seedConversation(db, intruder.user.id, { messages });
    const url = `/api/users/${owner.user.id}/chat-sessions`;

    const wrongUser = await inject(t.app, { method: 'DELETE', url, cookie: intruder.cookie, payload: { all: true } });
    expect(wrongUser.statusCode).toBe(404);
    expect(wrongUser.json().code).toBe('not_found:user');
    const signedOut = await t.app.inject({ method: 'DELETE', url, payload: { all: true } });
    expect(signedOut.statusCode).toBe(401);
    const crossSite = await inject(t.app, { method: 'DELETE', url, cookie: owner.cookie, payload: { all: true }, headers: { origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('forbidden:origin');
    // Nobody's conversations went, the intruder's own included.
    expect(await messageCountOf(db, [owned.id, intruders.id])).toBe(4);

    // A standard (free) account may clear its own: deleting is not a Premium feature.
    const own = await inject(t.app, { method: 'DELETE', url, cookie: owner.cookie, payload: { all: true } });
    expect(own.json()).toEqual({ deletedCount: 1 });
    expect(await messageCountOf(db, [intruders.id])).toBe(2);
  });

  it('deletes conversations whose reply is still being written', async () => {
    const { user, cookie } = await t.signIn('vip');
    const session = await createChatSession(t.app, cookie);
    await ask(t.app, cookie, session.id, 'Tell me about margins');
    const response = await inject(t.app, { method: 'DELETE', url: `/api/users/${user.id}/chat-sessions`, cookie, payload: { all: true } });
    expect(response.json()).toEqual({ deletedCount: 1 });
    expect((await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}/messages`, cookie })).statusCode).toBe(404);
  });
});
