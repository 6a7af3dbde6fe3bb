import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SNIPPET_MATCH_END, SNIPPET_MATCH_START, type ChatSessionListItem, type ListChatSessionsResponse } from '#contract/history.ts';
import { chatMessages, chatSessions, jobs } from '#server/db/schema.ts';
import { seedConversation } from '#tests/helpers/history-data.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import { SEARCH_INDEX_JOB } from './history.jobs.ts';
import { countStaleDocuments, warmUpSearch } from './search.queries.ts';
import { accountOwner } from '#server/db/ownership.ts';

const t = useTestApp();

/** Searches once the background job the database queued for the changes has run (decision 027). */
async function search(userId: string, cookie: string, q: string): Promise<ListChatSessionsResponse> {
  await t.app.jobs.runUntilIdle();
  const response = await inject(t.app, { method: 'GET', url: `/api/users/${userId}/chat-sessions?q=${encodeURIComponent(q)}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The search-index jobs the database has queued for the user, whatever became of them since. */
async function indexJobsFor(userId: string): Promise<number> {
  const rows = await t.database.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.kind, SEARCH_INDEX_JOB), sql`${jobs.payload}->>'userId' = ${userId}`));
  return rows.length;
}

const titles = (result: { sessions: ChatSessionListItem[] }) => result.sessions.map((s) => s.title);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const mark = (word: string) => `${SNIPPET_MATCH_START}${word}${SNIPPET_MATCH_END}`;

describe('searching conversation history', () => {
  it('finds conversations by title, executive role, industry and by words only inside their messages', async () => {
    const { user, cookie } = await t.signIn('vip');
    const db = t.database.db;
    await seedConversation(db, user.id, { title: 'Warehouse automation roadmap', executiveRole: 'COO', industry: 'Manufacturing' });
    await seedConversation(db, user.id, {
      title: 'Quarterly review',
      executiveRole: 'CMO',
      industry: 'Healthcare',
      messages: [
        { role: 'user', content: 'Our clinic network wants a loyalty programme for returning patients.' },
        { role: 'assistant', content: 'Start with a **loyalty** pilot in two clinics and measure retention.' },
      ],
    });

    expect(titles(await search(user.id, cookie, 'warehouse'))).toEqual(['Warehouse automation roadmap']);
    expect(titles(await search(user.id, cookie, 'COO'))).toEqual(['Warehouse automation roadmap']);
    expect(titles(await search(user.id, cookie, 'healthcare'))).toEqual(['Quarterly review']);

    // A word that is only in the messages, found through its stem ("programme" for "programmes").
    const byMessage = await search(user.id, cookie, 'programmes');
    expect(titles(byMessage)).toEqual(['Quarterly review']);
    expect(byMessage.sessions[0]!.snippet).toContain(mark('programme'));
    expect(byMessage.sessions[0]!.messageCount).toBe(2);

    expect((await search(user.id, cookie, 'blockchain')).sessions).toEqual([]);
  });

  it('ranks title matches first, then executive role or industry, then messages by how well they match', async () => {
    const { user, cookie } = await t.signIn('vip');
    const db = t.database.db;
    // Updated dates are chosen so that ranking, not recency, decides the order.
    await seedConversation(db, user.id, { title: 'Mentions once', updatedAt: minutesAgo(1), messages: [{ role: 'user', content: 'Budget is tight and pricing matters somewhat.' }] });
    await seedConversation(db, user.id, {
      title: 'Mentions often',
      updatedAt: minutesAgo(2),
      messages: [
        { role: 'user', content: 'Pricing, pricing, pricing: our pricing model is the problem.' },
        { role: 'assistant', content: 'Then pricing is where we start: value-based pricing.' },
      ],
    });
    await seedConversation(db, user.id, { title: 'Board prep', executiveRole: 'VP Sales', industry: 'Retail', updatedAt: minutesAgo(3) });
    await seedConversation(db, user.id, { title: 'Pricing strategy', updatedAt: minutesAgo(500) });
    await seedConversation(db, user.id, { title: 'Unrelated', updatedAt: minutesAgo(0), messages: [{ role: 'user', content: 'Hiring plan for Q3.' }] });

    expect(titles(await search(user.id, cookie, 'pricing'))).toEqual(['Pricing strategy', 'Mentions often', 'Mentions once']);
    // Industry and role are "meta" matches too: they come before a message that merely says the word.
    await seedConversation(db, user.id, { title: 'Store talk', updatedAt: minutesAgo(0), messages: [{ role: 'user', content: 'Our retail stores need a refresh.' }] });
    expect(titles(await search(user.id, cookie, 'retail'))).toEqual(['Board prep', 'Store talk']);
    expect(titles(await search(user.id, cookie, 'sales'))).toEqual(['Board prep']);
  });

  it('matches the last word as a prefix while it is typed, and all words wherever they are', async () => {
    const { user, cookie } = await t.signIn('vip');
    const db = t.database.db;
    await seedConversation(db, user.id, { title: 'Negotiation with suppliers', executiveRole: 'CFO', messages: [{ role: 'user', content: 'Supplier contracts renew in March.' }] });
    await seedConversation(db, user.id, { title: 'Other', executiveRole: 'CTO', messages: [{ role: 'user', content: 'Cloud contracts renew in June.' }] });

    for (const typed of ['negoti', 'negotia', 'negotiat']) expect(titles(await search(user.id, cookie, typed)), typed).toEqual(['Negotiation with suppliers']);
    // A stop word being typed is not a prefix of everything.
    expect(titles(await search(user.id, cookie, 'contracts the'))).toHaveLength(2);
    // Words can come from different places: "CFO" from the role, "contracts" from a message.
    expect(titles(await search(user.id, cookie, 'contracts CFO'))).toEqual(['Negotiation with suppliers']);
    expect(titles(await search(user.id, cookie, '"contracts renew in june"'))).toEqual(['Other']);
    expect(titles(await search(user.id, cookie, 'contracts -cloud'))).toEqual(['Negotiation with suppliers']);
  });

  it('never fails on punctuation or query syntax, and stop words alone find nothing', async () => {
    const { user, cookie } = await t.signIn('vip');
    await seedConversation(t.database.db, user.id, { title: 'R&D budget', messages: [{ role: 'user', content: "What's our R&D spend (2024)?" }] });
    for (const q of ['"', "'", '&|!:*()<->', 'R&D', "what's", '2024)', '-', 'a:*', '\\', '%', '" or -', '😀']) {
      const response = await inject(t.app, { method: 'GET', url: `/api/users/${user.id}/chat-sessions?q=${encodeURIComponent(q)}`, cookie });
      expect(response.statusCode, q).toBe(200);
    }
    expect(titles(await search(user.id, cookie, 'R&D'))).toEqual(['R&D budget']);
    expect((await search(user.id, cookie, 'the and of')).sessions).toEqual([]);
  });

  it('stays current: new messages, deleted messages and renamed conversations are searched as they are now', async () => {
    const { user, cookie } = await t.signIn('vip');
    const db = t.database.db;
    const session = await seedConversation(db, user.id, { title: 'Expansion', messages: [{ role: 'user', content: 'Should we open in Lisbon?' }] });
    expect(titles(await search(user.id, cookie, 'lisbon'))).toEqual(['Expansion']);
    expect(await countStaleDocuments(db, accountOwner(user.id))).toBe(0);

    const queued = await indexJobsFor(user.id);
    await db.insert(chatMessages).values({ sessionId: session.id, role: 'assistant', content: 'Consider Porto as well.', timestamp: new Date() });
    expect(await indexJobsFor(user.id)).toBe(queued + 1);
    expect(titles(await search(user.id, cookie, 'porto'))).toEqual(['Expansion']);

    await db.delete(chatMessages).where(eq(chatMessages.sessionId, session.id));
    expect((await search(user.id, cookie, 'lisbon')).sessions).toEqual([]);

    await db.update(chatSessions).set({ title: 'Iberian market entry' }).where(eq(chatSessions.id, session.id));
    expect(titles(await search(user.id, cookie, 'iberian'))).toEqual(['Iberian market entry']);
  });

  it('indexes a streaming reply once it is finished, not on every partial save', async () => {
    const { user, cookie } = await t.signIn('vip');
    const db = t.database.db;
    const session = await seedConversation(db, user.id, { title: 'Streaming' });
    const [reply] = await db.insert(chatMessages).values({ sessionId: session.id, role: 'assistant', content: '', status: 'streaming' }).returning();
    await search(user.id, cookie, 'anything');
    await db.update(chatMessages).set({ content: 'Partial thoughts about dividends' }).where(eq(chatMessages.id, reply!.id));
    expect(await countStaleDocuments(db, accountOwner(user.id))).toBe(0);
    const queued = await indexJobsFor(user.id);
    await db.update(chatMessages).set({ content: 'Final thoughts about dividends and buybacks', status: 'complete' }).where(eq(chatMessages.id, reply!.id));
    expect(await indexJobsFor(user.id)).toBe(queued + 1);
    const found = await search(user.id, cookie, 'buybacks');
    expect(found.sessions[0]).toMatchObject({ title: 'Streaming', snippet: expect.stringContaining('buybacks') });
  });

  it('a search builds no document: a conversation changed in bulk gets one job for its owner, and the job builds them', async () => {
    const { user, cookie } = await t.signIn('vip');
    const db = t.database.db;
    await t.app.jobs.runUntilIdle();
    const before = await indexJobsFor(user.id);
    // One statement, many conversations (an import): one job, not one per row.
    const sessions = await db
      .insert(chatSessions)
      .values(Array.from({ length: 20 }, (_, i) => ({ userId: user.id, title: `Imported ${i}`, executiveRole: 'CFO', industry: 'Retail', userRole: 'Founder' })))
      .returning({ id: chatSessions.id });
    await db.insert(chatMessages).values(sessions.map((s) => ({ sessionId: s.id, role: 'user' as const, content: 'Zanzibar logistics budget', timestamp: new Date() })));
    expect(await indexJobsFor(user.id)).toBeLessThanOrEqual(before + 2);
    expect(await indexJobsFor(user.id)).toBeGreaterThan(before);
    const found = await search(user.id, cookie, 'zanzibar');
    expect(found.sessions).toHaveLength(20);
    expect(await countStaleDocuments(db, accountOwner(user.id))).toBe(0);
  });

  it("never shows another user's conversations", async () => {
    const owner = await t.signIn('vip');
    await seedConversation(t.database.db, owner.user.id, { title: 'Confidential merger', messages: [{ role: 'user', content: 'Project Falcon acquisition terms' }] });
    const other = await t.signIn('vip');
    expect((await search(other.user.id, other.cookie, 'falcon')).sessions).toEqual([]);
    expect((await search(other.user.id, other.cookie, 'confidential')).sessions).toEqual([]);
  });

  it('answers the 100 best matches 25 at a time, each page with its snippets, saying when more matched', async () => {
    const { user, cookie } = await t.signIn('vip');
    const db = t.database.db;
    const sessions = await db
      .insert(chatSessions)
      .values(Array.from({ length: 105 }, (_, i) => ({ userId: user.id, title: `Forecast ${i}`, executiveRole: 'CFO', industry: 'Retail', userRole: 'CEO', updatedAt: minutesAgo(i) })))
      .returning({ id: chatSessions.id });
    await db.insert(chatMessages).values(sessions.map((s) => ({ sessionId: s.id, role: 'user' as const, content: 'The forecast for next year looks strong.' })));
    await t.app.jobs.runUntilIdle();

    const seen: string[] = [];
    let from: string | null = null;
    let last: ListChatSessionsResponse | undefined;
    do {
      const url = `/api/users/${user.id}/chat-sessions?q=forecast${from ? `&from=${from}` : ''}`;
      const response = await inject(t.app, { method: 'GET', url, cookie });
      expect(response.statusCode, response.body).toBe(200);
      last = response.json<ListChatSessionsResponse>();
      expect(last.sessions).toHaveLength(25);
      expect(last.total).toBeNull();
      // Every page comes with its snippets.
      for (const session of last.sessions) expect(session.snippet).toContain(mark('forecast'));
      seen.push(...last.sessions.map((s) => s.title));
      from = last.nextCursor;
    } while (from);
    // Matches alike rank by date: Forecast 0 (newest) first; pages follow each other without gaps or repeats.
    expect(seen).toEqual(Array.from({ length: 100 }, (_, i) => `Forecast ${i}`));
    // The last page: more matched (Forecast 100 to 104), beyond the best 100.
    expect(last).toMatchObject({ hasMore: true, nextCursor: null });


    // Fewer matches than a page: one page, nothing more.
    expect(await search(user.id, cookie, '"Forecast 42"')).toMatchObject({ sessions: [expect.objectContaining({ title: 'Forecast 42' })], hasMore: false, nextCursor: null });
    for (const bad of ['100', '-1', 'abc', '2024-01-01T00:00:00.000000Z_x']) {
      const response = await inject(t.app, { method: 'GET', url: `/api/users/${user.id}/chat-sessions?q=forecast&from=${encodeURIComponent(bad)}`, cookie });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('builds the search document from the words the messages already store: the same words, counted alike', async () => {
    const { user, cookie } = await t.signIn('vip');
    const db = t.database.db;
    // 150 messages: more than one run of 64 (search.queries.ts); "pricing" 300 times, past what a tsvector keeps (parsing keeps 255 positions, concatenation 256).
    const long = Array.from({ length: 150 }, (_, i) => ({ role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content: `Message ${i}: pricing and churn, pricing again; the board meets ${i % 7 ? 'Monday' : 'Friday'}.` }));
    const session = await seedConversation(db, user.id, { title: 'Long talk', messages: long });
    await t.app.jobs.runUntilIdle();
    const { rows } = await db.execute<{ same_words: boolean; same_counts: boolean }>(sql`
      with parsed as (select * from unnest((select to_tsvector('english', string_agg(content, E'\n' order by timestamp, id)) from ${chatMessages} where session_id = ${session.id}))),
      stored as (select * from unnest((select document from chat_session_search where session_id = ${session.id})) where weights[1] = 'D' and lexeme not like '@owner %')
      select (select array_agg(lexeme order by lexeme) from parsed) = (select array_agg(lexeme order by lexeme) from stored) as same_words,
        not exists (select 1 from parsed join stored using (lexeme) where cardinality(parsed.positions) <> least(cardinality(stored.positions), 255)) as same_counts`);
    expect(rows[0]).toEqual({ same_words: true, same_counts: true });
    expect(titles(await search(user.id, cookie, '"pricing again"'))).toEqual(['Long talk']);
    expect(titles(await search(user.id, cookie, 'friday churn'))).toEqual(['Long talk']);
  });

  it('leaves no pending index entries after a bulk change, which every search would read whole (decision 041)', async () => {
    const { user, cookie } = await t.signIn('vip');
    const db = t.database.db;
    const { rows: options } = await db.execute<{ options: string[] | null }>(sql`select reloptions as options from pg_class where relname = 'chat_session_search_document_idx'`);
    expect(options[0]!.options).toEqual(['gin_pending_list_limit=256']);
    const cleanPendingList = async () => {
      const { rows } = await db.execute<{ pages: number }>(sql`select gin_clean_pending_list('chat_session_search_document_idx'::regclass) as pages`);
      return Number(rows[0]!.pages);
    };
    await t.app.jobs.runUntilIdle();
    await cleanPendingList();

    // One conversation, as chatting changes it: its entries wait in the (small) pending list.
    await seedConversation(db, user.id, { title: 'Chatting', messages: [{ role: 'user', content: 'Kiwano supply contract' }] });
    await t.app.jobs.runUntilIdle();
    expect(await cleanPendingList()).toBeGreaterThan(0);

    // An import: the job merges what it wrote into the index itself, and search finds all of it.
    const sessions = await db
      .insert(chatSessions)
      .values(Array.from({ length: 40 }, (_, i) => ({ userId: user.id, title: `Imported ${i}`, executiveRole: 'CFO', industry: 'Retail', userRole: 'CEO' })))
      .returning({ id: chatSessions.id });
    await db.insert(chatMessages).values(sessions.map((s) => ({ sessionId: s.id, role: 'user' as const, content: 'Rambutan logistics budget' })));
    await t.app.jobs.runUntilIdle();
    expect(await cleanPendingList()).toBe(0);
    const found = await search(user.id, cookie, 'rambutan');
    expect(found.sessions).toHaveLength(25);
    expect(found.nextCursor).toBe('25');
  });

  it('a warm-up search finds nothing, reads no one\'s conversations and leaves nothing behind', async () => {
    const { user, cookie } = await t.signIn('vip');
    await seedConversation(t.database.db, user.id, { title: 'Warming up the search', messages: [{ role: 'user', content: 'Warming up searches' }] });
    await t.app.jobs.runUntilIdle();
    await expect(warmUpSearch(t.database.db)).resolves.toBeUndefined();
    expect(titles(await search(user.id, cookie, 'warming'))).toEqual(['Warming up the search']);
  });
});
