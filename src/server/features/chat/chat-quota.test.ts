import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FREE_DAILY_INTERACTIONS } from '#contract/limits.ts';
import { chatMessages, chatSessions, users } from '#server/db/schema.ts';
import { ask, createChatSession, sendChatMessage, waitForMessage } from '#tests/helpers/chat-api.ts';
import { createTestApp, inject, signUpUser } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const t = useTestApp();

const utcToday = () => new Date().toISOString().slice(0, 10);
const counters = async (userId: string) => (await t.database.db.select().from(users).where(eq(users.id, userId)))[0]!;

describe('the free daily interaction limit', () => {
  it('lets exactly one of 20 parallel sends through at 4 used', async () => {
    const { user, cookie, session } = await t.conversation();
    await t.database.db.update(users).set({ dailyInteractionsUsed: 4, lastInteractionDate: utcToday() }).where(eq(users.id, user.id));
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => sendChatMessage(t.app, cookie, session.id, `parallel ${i}`)));
    const accepted = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const response of refused) {
      expect(response.json().code).toBe('rate_limit:interactions');
      expect(response.json().error).toContain('interaction limit');
    }
    expect((await counters(user.id)).dailyInteractionsUsed).toBe(FREE_DAILY_INTERACTIONS);
    // Refused sends left nothing behind; the accepted one has its question and reply.
    const rows = await t.database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, session.id));
    expect(rows.map((r) => r.role).sort()).toEqual(['assistant', 'user']);
    await waitForMessage(t.app, cookie, session.id, accepted[0]!.json().assistantMessage.id);
  });

  it('refuses the sixth message of the day with the upgrade message, and starts again on a new UTC day', async () => {
    const { user, cookie, session } = await t.conversation();
    for (let i = 0; i < FREE_DAILY_INTERACTIONS; i++) {
      const { assistantMessage } = await ask(t.app, cookie, session.id, `question ${i}`);
      await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    }
    const sixth = await sendChatMessage(t.app, cookie, session.id, 'one more');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      error: 'You have reached your daily interaction limit of 5. Upgrade to Premium for unlimited conversations.',
      code: 'rate_limit:interactions',
    });
    // The limit applies to retries as well.
    const [lastReply] = await t.database.db
      .select()
      .from(chatMessages)
      .where(sql`${chatMessages.sessionId} = ${session.id} and ${chatMessages.role} = 'assistant'`)
      .limit(1);
    await t.database.db.update(chatMessages).set({ status: 'failed', error: 'x' }).where(eq(chatMessages.id, lastReply!.id));
    const retry = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages/${lastReply!.id}/retry`, cookie });
    expect(retry.statusCode).toBe(429);

    await t.database.db.update(users).set({ lastInteractionDate: sql`(now() at time zone 'utc')::date - 1`, dailyAttachmentsUsed: 1 }).where(eq(users.id, user.id));
    const nextDay = await sendChatMessage(t.app, cookie, session.id, 'a new day');
    expect(nextDay.statusCode).toBe(201);
    const after = await counters(user.id);
    expect(after).toMatchObject({ dailyInteractionsUsed: 1, dailyAttachmentsUsed: 0, lastInteractionDate: utcToday() });
    await waitForMessage(t.app, cookie, session.id, nextDay.json().assistantMessage.id);
  });

  it('does not count Premium interactions', async () => {
    const { user, cookie } = await t.signIn();
    await t.database.db.update(users).set({ appUserType: 'vip', dailyInteractionsUsed: 5, lastInteractionDate: utcToday() }).where(eq(users.id, user.id));
    const session = await createChatSession(t.app, cookie, { executiveRole: 'CMO', industry: 'Music' });
    const { assistantMessage } = await ask(t.app, cookie, session.id, 'unlimited?');
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    expect((await counters(user.id)).dailyInteractionsUsed).toBe(5);
  });

  it('refuses a free account a message to a Premium executive (a session left from a lapsed subscription)', async () => {
    const { user, cookie } = await t.signIn();
    const [session] = await t.database.db
      .insert(chatSessions)
      .values({ userId: user.id, title: 'old', executiveRole: 'CTO', industry: 'Energy', userRole: 'CEO' })
      .returning();
    const response = await sendChatMessage(t.app, cookie, session!.id, 'still there?');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden:role');
    expect((await counters(user.id)).dailyInteractionsUsed).toBe(0);
  });
});

describe('the per-account send rate limit', () => {
  it('answers 429 rate_limit:general past RATE_LIMIT_CHAT_PER_MINUTE sends, per account', async () => {
    const limited = await createTestApp({ AI_PROVIDER: 'demo', RATE_LIMIT_CHAT_PER_MINUTE: '2' });
    try {
      const first = await signUpUser(limited.app, limited.config);
      await limited.database.db.update(users).set({ appUserType: 'vip' }).where(eq(users.id, first.user.id));
      const session = await createChatSession(limited.app, first.cookie);
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await sendChatMessage(limited.app, first.cookie, session.id, `burst ${i}`)).statusCode);
      expect(codes).toEqual([201, 201, 429]);
      const refused = await sendChatMessage(limited.app, first.cookie, session.id, 'again');
      expect(refused.json()).toEqual({ error: 'Too many requests. Please slow down and try again shortly.', code: 'rate_limit:general' });
      // Another account from the same address has its own allowance.
      const second = await signUpUser(limited.app, limited.config);
      const otherSession = await createChatSession(limited.app, second.cookie);
      expect((await sendChatMessage(limited.app, second.cookie, otherSession.id, 'mine')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
