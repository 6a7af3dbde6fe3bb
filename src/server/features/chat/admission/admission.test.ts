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
import { sendWithContextChecks } from './admission.ts';
import { sendRulesFor } from './send-rules.ts';
import { sendInOneStatement } from './send-statement.queries.ts';

/**
 * The one-statement send (SQL) and the transactional admission (the rules in TypeScript) must
 * refuse exactly the same things: over every combination below, on PGlite and on PostgreSQL,
 * each runs on its own copy of the same situation and the outcomes are compared.
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
function expected(c: Case): { sql: 'sent' | 'limit' | 'other'; rules: 'accepted' | ErrorCode } {
  const roleChanged = c.role.startsWith('changed');
  if (c.owner !== 'own') return { sql: 'other', rules: 'not_found:chat_session' };
  if (c.plan === 'free' && c.executive === 'CTO') return { sql: 'other', rules: 'forbidden:role' };
  if (c.plan === 'free' && c.role === 'changed after it') return { sql: 'other', rules: 'forbidden:context' };
  if (c.plan === 'free' && c.used >= FREE_DAILY_INTERACTIONS) return { sql: roleChanged ? 'other' : 'limit', rules: 'rate_limit:interactions' };
  return { sql: roleChanged ? 'other' : 'sent', rules: 'accepted' };
}

const deps = () => ({ db: database.db, sessionCache: { invalidateUser: () => {} }, replies: { start: () => {} } });

describe('the one-statement send and the rules in TypeScript', () => {
  it.each(cases)('agree for a $plan caller, a $executive, $used used, own role $role, in $owner conversation', async (c) => {
    // The statement, on one copy.
    const one = await situation(c);
    const before = await stateOf(one.caller.user.id, one.sessionId);
    const statement = await sendInOneStatement(database.db, {
      sessionId: one.sessionId,
      userId: one.caller.user.id,
      at: Date.now(),
      userRole: one.input.userRole ?? null,
      rules: sendRulesFor(one.caller),
      content: one.input.content,
      documentIds: one.input.documentIds,
      historyLimit: HISTORY_LIMIT - 1,
    });
    const afterStatement = await stateOf(one.caller.user.id, one.sessionId);

    // The rules, on another copy.
    const two = await situation(c);
    const rules = await sendWithContextChecks(deps(), two.caller, two.sessionId, two.input).then(
      () => 'accepted' as const,
      (error: unknown) => {
        if (error instanceof AppError) return error.code;
        throw error;
      },
    );
    const afterRules = await stateOf(two.caller.user.id, two.sessionId);

    expect({ sql: statement.kind, rules }).toEqual(expected(c));
    if (statement.kind === 'sent') {
      // Accepted by both, with the same effect: the same interaction counted, the same messages stored.
      expect(afterStatement).toEqual(afterRules);
    } else {
      // Refused, or left to the rules: the statement changed nothing.
      expect(afterStatement).toEqual(before);
      if (statement.kind === 'limit') expect(rules).toBe('rate_limit:interactions');
      // What the statement leaves to the rules and they accept is a change of the user's own role.
      if (rules === 'accepted') expect(afterRules.session!.userRole).toBe('CFO');
    }
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
          content: `${input.content} ${i}`,
          documentIds: [],
          historyLimit: HISTORY_LIMIT - 1,
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
