import { and, asc, count, desc, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { MAX_DECISIONS_LISTED, type DecisionStatus } from '#contract/decisions.ts';
import type { Db, Executor } from '#server/db/client.ts';
import { ownedBy, ownerColumns, type Owner } from '#server/db/ownership.ts';
import { chatMessages, chatSessions, decisions, users, type Decision } from '#server/db/schema.ts';

/** A decision with the title of the conversation it came from (null once that conversation is gone). */
export type DecisionRow = Decision & { sessionTitle: string | null };

const columns = {
  id: decisions.id,
  userId: decisions.userId,
  sessionId: decisions.sessionId,
  messageId: decisions.messageId,
  kind: decisions.kind,
  text: decisions.text,
  owner: decisions.owner,
  dueDate: decisions.dueDate,
  followUpOn: decisions.followUpOn,
  status: decisions.status,
  createdAt: decisions.createdAt,
  updatedAt: decisions.updatedAt,
  followedUpAt: decisions.followedUpAt,
  outcome: decisions.outcome,
  outcomeFactId: decisions.outcomeFactId,
  sessionTitle: chatSessions.title,
};

function selectRows(db: Executor, where: SQL | undefined) {
  return db.select(columns).from(decisions).leftJoin(chatSessions, eq(chatSessions.id, decisions.sessionId)).where(where);
}

/** The caller's decisions: open first, then by follow-up day (none last), newest first. */
export async function listDecisions(db: Db, owner: Owner, status: DecisionStatus | undefined): Promise<DecisionRow[]> {
  return selectRows(db, and(ownedBy.decisions(owner), status ? eq(decisions.status, status) : undefined))
    .orderBy(
      sql`case ${decisions.status} when 'open' then 0 when 'done' then 1 else 2 end`,
      sql`${decisions.followUpOn} asc nulls last`,
      desc(decisions.createdAt),
      desc(decisions.id),
    )
    .limit(MAX_DECISIONS_LISTED);
}

export async function findDecision(db: Executor, owner: Owner, id: string): Promise<DecisionRow | undefined> {
  const [row] = await selectRows(db, and(eq(decisions.id, id), ownedBy.decisions(owner)));
  return row;
}

/** "Today" for these queries: the day the clock set for the account, else the database's UTC date. */
export function todaySql(day: string | null): SQL {
  return day ? sql`${day}::date` : sql`(now() at time zone 'utc')::date`;
}

export async function todayOf(db: Db, day: string | null): Promise<string> {
  const { rows } = await db.execute<{ today: string }>(sql`select to_char(${todaySql(day)}, 'YYYY-MM-DD') as today`);
  return rows[0]!.today;
}

/** Open, follow-up day reached, not yet followed up: what the welcome card asks about, oldest day first. */
export async function listDueFollowUps(db: Db, owner: Owner, day: string | null): Promise<DecisionRow[]> {
  return selectRows(
    db,
    and(ownedBy.decisions(owner), eq(decisions.status, 'open'), isNull(decisions.followedUpAt), lte(decisions.followUpOn, sql`${todaySql(day)}`)),
  )
    .orderBy(asc(decisions.followUpOn), asc(decisions.createdAt))
    .limit(MAX_DECISIONS_LISTED);
}

/** The content of the caller's advisor reply in the caller's conversation, or undefined (someone else's, a question, gone). */
export async function findOwnedReply(db: Executor, owner: Owner, sessionId: string, messageId: string): Promise<{ content: string; title: string } | undefined> {
  const [row] = await db
    .select({ content: chatMessages.content, title: chatSessions.title })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.sessionId, sessionId), ownedBy.chatSessions(owner), eq(chatMessages.role, 'assistant')));
  return row;
}

/** Locks the account's row: a free account's one decision is counted and inserted under it, so two saves at once cannot both pass. */
export async function lockUser(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countDecisions(tx: Executor, owner: Owner): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(decisions).where(ownedBy.decisions(owner));
  return row?.n ?? 0;
}

export type NewDecisionValues = Pick<Decision, 'sessionId' | 'messageId' | 'kind' | 'text' | 'owner' | 'dueDate' | 'followUpOn'>;

export async function insertDecision(tx: Executor, owner: Owner, values: NewDecisionValues): Promise<string> {
  const [row] = await tx.insert(decisions).values({ ...values, ...ownerColumns(owner) }).returning({ id: decisions.id });
  return row!.id;
}

export type DecisionChanges = Partial<Pick<Decision, 'kind' | 'text' | 'owner' | 'dueDate' | 'followUpOn' | 'status' | 'outcome'>>;

/**
 * Changes the caller's decision; answers whether there was one. A different follow-up day asks again
 * (the same day sent back by an edit of the text does not).
 */
export async function updateDecision(db: Db, owner: Owner, id: string, changes: DecisionChanges): Promise<boolean> {
  const askAgain =
    changes.followUpOn !== undefined
      ? { followedUpAt: sql`case when ${decisions.followUpOn} is distinct from ${changes.followUpOn}::date then null else ${decisions.followedUpAt} end` }
      : {};
  const rows = await db
    .update(decisions)
    .set({ ...changes, ...askAgain, updatedAt: sql`now()` })
    .where(and(eq(decisions.id, id), ownedBy.decisions(owner)))
    .returning({ id: decisions.id });
  return rows.length > 0;
}

/** Keeps the fact an outcome became on the decision (decision 082). */
export async function setOutcomeFact(db: Db, owner: Owner, id: string, factId: string | null): Promise<void> {
  await db
    .update(decisions)
    .set({ outcomeFactId: factId })
    .where(and(eq(decisions.id, id), ownedBy.decisions(owner)));
}

export async function deleteDecision(db: Db, owner: Owner, id: string): Promise<boolean> {
  const rows = await db
    .delete(decisions)
    .where(and(eq(decisions.id, id), ownedBy.decisions(owner)))
    .returning({ id: decisions.id });
  return rows.length > 0;
}

export async function markFollowedUp(db: Db, owner: Owner, id: string): Promise<void> {
  await db
    .update(decisions)
    .set({ followedUpAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(decisions.id, id), ownedBy.decisions(owner)));
}

/** The conversation a decision came from, if it is still the caller's: its advisor, industry and role. */
export async function findSourceContext(db: Db, owner: Owner, sessionId: string) {
  const [row] = await db
    .select({ executiveRole: chatSessions.executiveRole, industry: chatSessions.industry, userRole: chatSessions.userRole })
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), ownedBy.chatSessions(owner)));
  return row;
}
