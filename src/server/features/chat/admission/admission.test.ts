import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '#contract/errors.ts';
import { sendMessageInputSchema } from '#contract/chat.ts';
import { FREE_DAILY_INTERACTIONS } from '#contract/limits.ts';
import type { Database } from '#server/db/client.ts';
import { chatMessages, chatSessions, users, type User } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { Caller } from '#server/plugins/session.ts';
import { openTestDatabase } from '#tests/helpers/test-database.ts';
import { HISTORY_LIMIT } from '../replies/index.ts';
import { admitSend } from './admission.ts';
import { sendRulesFor } from './send-rules.ts';
import { sendInOneStatement } from './send-statement.queries.ts';

/**
 * The send admission decides every case in one statement: over every combination below, on PGlite
 * and on PostgreSQL, what it refuses, and what an accepted send stores and counts.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type Plan = 'free' | 'premium';
type RoleSent = 'omitted' | 'same' | 'changed before the first message' | 'changed after it';
interface Case {
  plan: Plan;
  executive: 'CEO' | 'CTO';
  used: number;
  role: RoleSent;
  owner: 'own' | "another user's";
}

const cases: Case[] = [];
for (const plan of ['free', 'premium'] as const)
  for (const executive of ['CEO', 'CTO'] as const)
    for (const used of [FREE_DAILY_INTERACTIONS - 1, FREE_DAILY_INTERACTIONS])
      for (const role of ['omitted', 'same', 'changed before the first message', 'changed after it'] as const)
        for (const owner of ['own', "another user's"] as const) cases.push({ plan, executive, used, role, owner });

let people = 0;
async function newUser(plan: Plan, used: number): Promise<User> {
  const [user] = await database.db
    .insert(users)
    .values({
      email: `admission.${Date.now().toString(36)}.${++people}@example.com`,
      firstName: 'Ad',
      lastName: 'Mission',
      password: 'x',
      appUserType: plan === 'premium' ? 'vip' : 'standard',
      dailyInteractionsUsed: used,
      lastInteractionDate: sql`(now() at time zone 'utc')::date`,
    })
    .returning();
  return user!;
}

/** One copy of the situation a case describes: the caller, their conversation (or another's) and the message they send. */
async function situation(c: Case) {
  const user = await newUser(c.plan, c.used);
  const owner = c.owner === 'own' ? user : await newUser('premium', 0);
  const [session] = await database.db
    .insert(chatSessions)
    .values({ userId: owner.id, title: 't', executiveRole: c.executive, industry: 'Energy', userRole: 'Manager' })
    .returning();
  if (c.role !== 'changed before the first message') {
    await database.db.insert(chatMessages).values({
      sessionId: session!.id,
      role: 'user',
      content: 'An earlier question',
      userRole: 'Manager',
      executiveRole: c.executive,
      // A minute ago, as in life: the database's clock (microseconds) and the send's (Date.now(), milliseconds)
      // can otherwise put the earlier question after the new one within the same millisecond.
      timestamp: new Date(Date.now() - 60_000),
    });
  }
  const userRole = c.role === 'omitted' ? null : c.role === 'same' ? 'Manager' : 'CFO';
  const caller: Caller = { user, isPremium: c.plan === 'premium' };
  return { caller, sessionId: session!.id, input: sendMessageInputSchema.parse({ content: 'Should we expand?', userRole }) };
}

/** What a send leaves behind that a user could tell apart. */
async function stateOf(userId: string, sessionId: string) {
  const [counters] = await database.db
    .select({ used: users.dailyInteractionsUsed, day: users.lastInteractionDate })
    .from(users)
    .where(eq(users.id, userId));
  const [session] = await database.db.select({ userRole: chatSessions.userRole }).from(chatSessions).where(eq(chatSessions.id, sessionId));
  const messages = await database.db
    .select({ role: chatMessages.role, content: chatMessages.content, status: chatMessages.status, userRole: chatMessages.userRole, executiveRole: chatMessages.executiveRole })
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.timestamp), asc(chatMessages.id));
  return { counters, session, messages };
}

/** What the rules say, written out once more as the test's own reading of the spec. */
function expected(c: Case): 'accepted' | ErrorCode {
  if (c.owner !== 'own') return 'not_found:chat_session';
  if (c.plan === 'free' && c.executive === 'CTO') return 'forbidden:role';
  if (c.plan === 'free' && c.role === 'changed after it') return 'forbidden:context';
  if (c.plan === 'free' && c.used >= FREE_DAILY_INTERACTIONS) return 'rate_limit:interactions';
  return 'accepted';
}

const deps = () => ({ db: database.db, sessionCache: { invalidateUser: () => {} }, replies: { start: () => {} } });

describe('the send admission: one statement, the rules once (decision 069)', () => {
  it.each(cases)('for a $plan caller, a $executive, $used used, own role $role, in $owner conversation', async (c) => {
    const { caller, sessionId, input } = await situation(c);
    const before = await stateOf(caller.user.id, sessionId);
    const outcome = await admitSend(deps(), caller, sessionId, input).then(
      (admitted) => ({ code: 'accepted' as const, admitted }),
      (error: unknown) => {
        if (error instanceof AppError) return { code: error.code, admitted: null };
        throw error;
      },
    );
    const after = await stateOf(caller.user.id, sessionId);
    expect(outcome.code).toBe(expected(c));
    if (!outcome.admitted) {
      // A refusal changes nothing: no interaction counted, no message, the same role.
      expect(after).toEqual(before);
      return;
    }
    const roleChanged = c.role.startsWith('changed');
    expect(after.counters!.used).toBe(c.plan === 'free' ? c.used + 1 : c.used);
    expect(after.session!.userRole).toBe(roleChanged ? 'CFO' : 'Manager');
    const added = after.messages.slice(before.messages.length);
    const asked = { userRole: roleChanged ? 'CFO' : 'Manager', executiveRole: c.executive };
    expect(added).toEqual([
      // A change of the user's own role in a started conversation is said in the conversation, in contextChangeNote's words.
      ...(c.role === 'changed after it' ? [{ role: 'system', content: 'Your role changed from Manager to CFO.', status: 'complete', ...asked }] : []),
      { role: 'user', content: 'Should we expand?', status: 'complete', ...asked },
      { role: 'assistant', content: '', status: 'streaming', ...asked },
    ]);
    // The reply is handed the conversation newest first: the question first, then what came before.
    const { job } = outcome.admitted;
    expect(job.history!.map((m) => m.content)).toEqual([...added.filter((m) => m.role !== 'assistant').reverse(), ...before.messages.slice().reverse()].map((m) => m.content));
    expect(job).toMatchObject({ sessionId, userId: caller.user.id, executiveRole: c.executive, industry: 'Energy', userRole: asked.userRole, chargedDay: c.plan === 'free' ? expect.any(String) : null });
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('the send statement on PostgreSQL', () => {
  it('is prepared once per connection and then only executed (decision 047), with the same answers', async () => {
    const prepared = sql`select count(*)::int as count from pg_prepared_statements where name like 'send_message_%'`;
    await database.db.transaction(async (tx) => {
      // A transaction keeps one connection: what it prepared is visible to it.
      const counts: number[] = [];
      for (let i = 0; i < 3; i++) {
        const { caller, sessionId, input } = await situation({ plan: 'premium', executive: 'CTO', used: 0, role: 'omitted', owner: 'own' });
        const sent = await sendInOneStatement(tx, {
          sessionId,
          userId: caller.user.id,
          at: Date.now(),
          userRole: null,
          rules: sendRulesFor(caller),
          roleChangeNote: '',
          content: `${input.content} ${i}`,
          documentIds: [],
          historyLimit: HISTORY_LIMIT,
        });
        expect(sent.kind === 'sent' && sent.inserted.map((m) => [m.role, m.content])).toEqual([
          ['user', `Should we expand? ${i}`],
          ['assistant', ''],
        ]);
        counts.push((await tx.execute<{ count: number }>(prepared)).rows[0]!.count);
      }
      expect(counts).toEqual([1, 1, 1]);
    });
  });
});
