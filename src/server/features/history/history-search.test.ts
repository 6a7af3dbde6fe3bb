import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SNIPPET_MATCH_END, SNIPPET_MATCH_START, type ChatSessionListItem } from '#contract/history.ts';
import { chatMessages, chatSessions, jobs } from '#server/db/schema.ts';
import { seedConversation } from '#tests/helpers/history-data.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import { SEARCH_INDEX_JOB } from './history.jobs.ts';
import { countStaleDocuments } from './history.queries.ts';

const t = useTestApp();

/** Searches once the background job the database queued for the changes has run (decision 027). */
async function search(userId: string, cookie: string, q: string): Promise<{ sessions: ChatSessionListItem[]; hasMore: boolean }> {
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
    expect(await countStaleDocuments(db, user.id)).toBe(0);

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
    expect(await countStaleDocuments(db, user.id)).toBe(0);
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
    expect(await countStaleDocuments(db, user.id)).toBe(0);
  });

  it("never shows another user's conversations", async () => {
    const owner = await t.signIn('vip');
    await seedConversation(t.database.db, owner.user.id, { title: 'Confidential merger', messages: [{ role: 'user', content: 'Project Falcon acquisition terms' }] });
    const other = await t.signIn('vip');
    expect((await search(other.user.id, other.cookie, 'falcon')).sessions).toEqual([]);
    expect((await search(other.user.id, other.cookie, 'confidential')).sessions).toEqual([]);
  });

  it('answers at most the 100 best matches, saying there are more', async () => {
    const { user, cookie } = await t.signIn('vip');
    for (let i = 0; i < 105; i++) await seedConversation(t.database.db, user.id, { title: `Forecast ${i}` });
    const result = await search(user.id, cookie, 'forecast');
    expect(result.sessions).toHaveLength(100);
    expect(result.hasMore).toBe(true);
  });
});
