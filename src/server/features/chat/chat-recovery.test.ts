import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyErrors } from '#contract/chat.ts';
import type { Database } from '#server/db/client.ts';
import { chatMessages, chatSessions, users } from '#server/db/schema.ts';
import { startFakeOpenAiServer, tokenChunks, type FakeOpenAiServer } from '#tests/fakes/openai-server.ts';
import { ask, createChatSession, openSse } from '#tests/helpers/chat-api.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';
import { openTestDatabase } from '#tests/helpers/test-database.ts';
import { failStreamingReplies, restartReply, saveReplyProgress } from './replies.queries.ts';
import { createTestApp, inject, signUpUser } from '#tests/helpers/test-app.ts';

let database: Database;
let fake: FakeOpenAiServer;

beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startFakeOpenAiServer();
});
afterAll(async () => {
  await fake.close();
  await database.close();
});

const messageRow = async (id: string) => (await database.db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0];

async function newSession() {
  const [user] = await database.db
    .insert(users)
    .values({ email: `recovery.${Date.now()}.${Math.random()}@example.com`, firstName: 'Re', lastName: 'Covery', password: 'x' })
    .returning();
  const [session] = await database.db
    .insert(chatSessions)
    .values({ userId: user!.id, title: 't', executiveRole: 'CEO', industry: 'Energy', userRole: 'CEO' })
    .returning();
  return session!;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const heartbeatOf = async (id: string) => (await database.db.select({ at: chatMessages.heartbeatAt }).from(chatMessages).where(eq(chatMessages.id, id)))[0]!.at;

describe('replies interrupted by a restart', () => {
  it('are marked failed at start-up, keeping their partial text; finished ones are left alone', async () => {
    const session = await newSession();
    const [stale, live, done] = await database.db
      .insert(chatMessages)
      .values([
        { sessionId: session.id, role: 'assistant', content: 'Half an ans', status: 'streaming', timestamp: minutesAgo(10), heartbeatAt: minutesAgo(10) },
        { sessionId: session.id, role: 'assistant', content: 'Being writ', status: 'streaming', timestamp: new Date(Date.now() - 2000) },
        { sessionId: session.id, role: 'assistant', content: 'A whole answer.', status: 'complete', timestamp: new Date(Date.now() - 1000) },
      ])
      .returning();

    const restarted = await createTestApp({ AI_PROVIDER: 'demo' }, { database });
    try {
      expect(await messageRow(stale!.id)).toMatchObject({ status: 'failed', content: 'Half an ans', error: replyErrors.interrupted });
      expect(await messageRow(done!.id)).toMatchObject({ status: 'complete', content: 'A whole answer.', error: null });
      // PGlite is this process's alone: a reply it left streaming died with it. PostgreSQL may be
      // shared by instances: a reply whose runner spoke a moment ago may be another instance's, alive.
      if (database.kind === 'pglite') expect(await messageRow(live!.id)).toMatchObject({ status: 'failed', error: replyErrors.interrupted });
      else expect(await messageRow(live!.id)).toMatchObject({ status: 'streaming', error: null });
    } finally {
      await restarted.close();
      await database.db.update(chatMessages).set({ status: 'stopped' }).where(eq(chatMessages.id, live!.id));
    }
  });

  it('on a shared database, fail only the replies whose runner has been silent longer than a live one can be', async () => {
    const session = await newSession();
    const [silent, speaking] = await database.db
      .insert(chatMessages)
      .values([
        { sessionId: session.id, role: 'assistant', content: 'Gone quiet', status: 'streaming', heartbeatAt: minutesAgo(5) },
        { sessionId: session.id, role: 'assistant', content: 'Still going', status: 'streaming', heartbeatAt: new Date() },
      ])
      .returning();
    expect(await failStreamingReplies(database.db, replyErrors.interrupted, 60_000)).toHaveLength(1);
    expect(await messageRow(silent!.id)).toMatchObject({ status: 'failed', content: 'Gone quiet', error: replyErrors.interrupted });
    expect(await messageRow(speaking!.id)).toMatchObject({ status: 'streaming', content: 'Still going' });
    await database.db.update(chatMessages).set({ status: 'stopped' }).where(eq(chatMessages.id, speaking!.id));
  });

  it('counts every progress save and every retry as a sign that the runner is alive', async () => {
    const session = await newSession();
    const [saving, retried] = await database.db
      .insert(chatMessages)
      .values([
        { sessionId: session.id, role: 'assistant', content: '', status: 'streaming', heartbeatAt: minutesAgo(5) },
        { sessionId: session.id, role: 'assistant', content: 'Broke', status: 'failed', heartbeatAt: minutesAgo(5) },
      ])
      .returning();
    expect(await saveReplyProgress(database.db, saving!.id, 'Some words')).toBe(true);
    expect(await restartReply(database.db, retried!.id, { userRole: 'CEO', executiveRole: 'CEO', chargedDay: null }, 'failed')).toMatchObject({ status: 'streaming' });
    for (const id of [saving!.id, retried!.id]) expect(Date.now() - (await heartbeatOf(id)).getTime()).toBeLessThan(60_000);
    await database.db.update(chatMessages).set({ status: 'stopped' }).where(inArray(chatMessages.id, [saving!.id, retried!.id]));
  });

  it('a closing server ends running replies as interrupted, tells open streams, gives the interaction back and exits', async () => {
    const t = await createTestApp({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model' }, { database });
    let closed = false;
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const { cookie } = await signUpUser(t.app, t.config);
      const session = await createChatSession(t.app, cookie);
      const marker = `[shutdown-${Date.now()}]`;
      const reply = 'Three words here and then the server goes away';
      // The provider sends three chunks and then waits forever: only the shutdown can end this reply.
      fake.when(marker, { reply, gate: new Promise(() => {}), gateAfterChunks: 3 });
      const { assistantMessage } = await ask(t.app, cookie, session.id, `Long one ${marker}`);
      const usage = (await inject(t.app, { method: 'GET', url: '/api/chat/usage', cookie })).json();
      expect(usage.interactionsUsed).toBe(1);

      const stream = await openSse(`http://127.0.0.1:${port}/api/chat-sessions/${session.id}/messages/${assistantMessage.id}/stream`, { cookie });
      const threeChunks = tokenChunks(reply).slice(0, 3).join('');
      await stream.next((e) => e.id === String(threeChunks.length));

      await t.app.close();
      closed = true;
      await stream.ended;
      expect(stream.events.at(-1)).toEqual({ event: 'error', id: String(threeChunks.length), data: { message: replyErrors.interrupted, content: threeChunks } });
      expect(await messageRow(assistantMessage.id)).toMatchObject({ status: 'failed', content: threeChunks, error: replyErrors.interrupted });
      const [row] = await database.db.select().from(users).where(eq(users.email, (await messageRowOwnerEmail(session.id))!));
      expect(row!.dailyInteractionsUsed).toBe(0);
      await waitFor(() => fake.requestsFor(marker)[0]?.clientClosed, 'the provider request to be aborted');
    } finally {
      if (!closed) await t.close();
    }
  });
});

describe('several instances on one database', () => {
  it('a reply written by one instance is streamed (from the database) and stopped through another', async () => {
    const vars = { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fake-model' };
    const writer = await createTestApp(vars, { database });
    const other = await createTestApp(vars, { database });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const address = other.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const { cookie } = await signUpUser(writer.app, writer.config);
      const session = await createChatSession(writer.app, cookie);
      const marker = `[instances-${Date.now()}]`;
      const words = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');
      fake.when(marker, { reply: words, delayMs: 20 });
      const { assistantMessage } = await ask(writer.app, cookie, session.id, `Across instances ${marker}`);

      // The other instance has no runner for this reply: it streams what the writer saves.
      const stream = await openSse(`http://127.0.0.1:${port}/api/chat-sessions/${session.id}/messages/${assistantMessage.id}/stream`, { cookie });
      await stream.next((e) => e.event === 'delta');
      const stop = await inject(other.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${assistantMessage.id}/stop`, cookie });
      expect(stop.statusCode).toBe(200);
      expect(stop.json().message.status).toBe('stopped');

      // The writer notices at its next save, aborts the provider request and saves its text as stopped.
      await waitFor(() => fake.requestsFor(marker)[0]?.clientClosed, 'the provider request to be aborted');
      const done = await stream.next((e) => e.event === 'done');
      expect(done.data).toMatchObject({ status: 'stopped' });
      const final = await waitFor(async () => {
        const row = await messageRow(assistantMessage.id);
        return row && row.status === 'stopped' && row.content.length >= stop.json().message.content.length ? row : undefined;
      }, 'the stopped reply');
      expect(words.startsWith(final.content)).toBe(true);
      expect(final.content.length).toBeLessThan(words.length);
    } finally {
      await other.close();
      await writer.close();
    }
  });
});

async function messageRowOwnerEmail(sessionId: string): Promise<string | undefined> {
  const rows = await database.db.select({ email: users.email }).from(chatSessions).innerJoin(users, eq(users.id, chatSessions.userId)).where(eq(chatSessions.id, sessionId));
  return rows[0]?.email;
}
