import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyErrors } from '#contract/chat.ts';
import type { Database } from '#server/db/client.ts';
import { chatMessages, users } from '#server/db/schema.ts';
import { ask, createChatSession, sendChatMessage, waitForMessage } from '#tests/helpers/chat-api.ts';
import { createTestApp, inject, signUpUser, setPlan } from '#tests/helpers/test-app.ts';
import { openTestDatabase } from '#tests/helpers/test-database.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';

/**
 * Issue 9, point 1: a reply interrupted by a crash (no runner left to end it) gives its free
 * interaction back when recovery settles it, at start-up and in the sweep, on either database.
 */
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const chargedDayOf = async (id: string) => (await database.db.select({ day: chatMessages.chargedDay }).from(chatMessages).where(eq(chatMessages.id, id)))[0]!.day;
const usedBy = async (userId: string) => (await database.db.select({ used: users.dailyInteractionsUsed }).from(users).where(eq(users.id, userId)))[0]!.used;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('the interaction of an interrupted reply', () => {
  it('is recorded on the reply by every admission path (send, send with a role change, retry), for Free accounts only', async () => {
    const t = await createTestApp({ AI_PROVIDER: 'demo' }, { database });
    try {
      const free = await signUpUser(t.app, t.config);
      const session = await createChatSession(t.app, free.cookie);
      const first = await ask(t.app, free.cookie, session.id, 'How do we grow?');
      expect(await chargedDayOf(first.assistantMessage.id)).toBe(today());
      expect(await chargedDayOf(first.userMessage.id)).toBeNull();
      await waitForMessage(t.app, free.cookie, session.id, first.assistantMessage.id);

      // A first message that sets the user's own role goes through the transactional admission.
      const other = await createChatSession(t.app, free.cookie, { executiveRole: 'CEO', industry: 'Energy', userRole: 'CEO' });
      const changed = await sendChatMessage(t.app, free.cookie, other.id, 'As a CFO?', { userRole: 'CFO' });
      expect(changed.statusCode).toBe(201);
      const reply = changed.json().assistantMessage.id as string;
      expect(await chargedDayOf(reply)).toBe(today());
      await waitForMessage(t.app, free.cookie, other.id, reply);

      await database.db.update(chatMessages).set({ status: 'failed', chargedDay: null }).where(eq(chatMessages.id, reply));
      expect((await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${other.id}/messages/${reply}/retry`, cookie: free.cookie })).statusCode).toBe(202);
      expect(await chargedDayOf(reply)).toBe(today());
      await waitForMessage(t.app, free.cookie, other.id, reply);

      const premium = await signUpUser(t.app, t.config);
      await setPlan(database.db, premium.user.id, 'vip');
      const premiumSession = await createChatSession(t.app, premium.cookie);
      const paid = await ask(t.app, premium.cookie, premiumSession.id, 'Unlimited?');
      expect(await chargedDayOf(paid.assistantMessage.id)).toBeNull();
      await waitForMessage(t.app, premium.cookie, premiumSession.id, paid.assistantMessage.id);
    } finally {
      await t.close();
    }
  });

  it('is given back when start-up recovery settles the reply a crash left streaming (today only)', async () => {
    const t = await createTestApp({ AI_PROVIDER: 'demo' }, { database });
    let crashed: string;
    let yesterdays: string;
    let userId: string;
    try {
      const user = await signUpUser(t.app, t.config);
      userId = user.user.id;
      const session = await createChatSession(t.app, user.cookie);
      for (const question of ['One?', 'Two?']) {
        const { assistantMessage } = await ask(t.app, user.cookie, session.id, question);
        await waitForMessage(t.app, user.cookie, session.id, assistantMessage.id);
      }
      expect(await usedBy(userId)).toBe(2);
      // What a killed process leaves: replies still 'streaming', their runners gone for minutes.
      const [a, b] = await database.db
        .insert(chatMessages)
        .values([
          { sessionId: session.id, role: 'assistant', content: 'Half an ans', status: 'streaming', heartbeatAt: minutesAgo(5), chargedDay: today() },
          { sessionId: session.id, role: 'assistant', content: 'From yesterday', status: 'streaming', heartbeatAt: minutesAgo(5), chargedDay: '2000-01-01' },
        ])
        .returning();
      crashed = a!.id;
      yesterdays = b!.id;
    } finally {
      // Not a graceful close of these replies: they were never this app's.
      await t.close();
    }
    const restarted = await createTestApp({ AI_PROVIDER: 'demo' }, { database });
    try {
      const settled = await database.db.select().from(chatMessages).where(eq(chatMessages.id, crashed));
      expect(settled[0]).toMatchObject({ status: 'failed', error: replyErrors.interrupted, content: 'Half an ans' });
      expect((await database.db.select().from(chatMessages).where(eq(chatMessages.id, yesterdays)))[0]!.status).toBe('failed');
      // One back for today's reply; yesterday's counter is gone already.
      expect(await usedBy(userId)).toBe(1);
    } finally {
      await restarted.close();
    }
  });

  it.runIf(process.env.TEST_DB === 'postgres')('is given back when the sweep of a running instance settles a reply whose runner went silent', async () => {
    const t = await createTestApp({ AI_PROVIDER: 'demo' }, { database });
    try {
      const user = await signUpUser(t.app, t.config);
      const session = await createChatSession(t.app, user.cookie);
      const { assistantMessage } = await ask(t.app, user.cookie, session.id, 'One?');
      await waitForMessage(t.app, user.cookie, session.id, assistantMessage.id);
      expect(await usedBy(user.user.id)).toBe(1);
      // Another instance's runner, dead since: its reply is streaming and silent.
      const [orphan] = await database.db
        .insert(chatMessages)
        .values({ sessionId: session.id, role: 'assistant', content: 'Cut', status: 'streaming', heartbeatAt: minutesAgo(1), chargedDay: today() })
        .returning();
      await waitFor(async () => ((await usedBy(user.user.id)) === 0 ? true : undefined), 'the interaction given back by the sweep', 20_000);
      expect((await database.db.select().from(chatMessages).where(eq(chatMessages.id, orphan!.id)))[0]!.status).toBe('failed');
    } finally {
      await t.close();
    }
  });
});
