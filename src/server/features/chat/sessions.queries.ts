import { and, desc, eq, exists, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { ownedBy, ownerColumns, type Owner } from '#server/db/ownership.ts';
import { chatMessages, chatSessions, type ChatSession } from '#server/db/schema.ts';

export async function insertSession(
  db: Executor,
  owner: Owner,
  values: { title: string; executiveRole: string; industry: string; userRole: string },
): Promise<ChatSession> {
  const rows = await db.insert(chatSessions).values({ ...values, ...ownerColumns(owner) }).returning();
  return rows[0]!;
}

export async function findSession(db: Executor, sessionId: string, owner: Owner): Promise<ChatSession | undefined> {
  const rows = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), ownedBy.chatSessions(owner)))
    .limit(1);
  return rows[0];
}

/**
 * The session, locked until the transaction ends: context changes and sends of one conversation take
 * turns, and a deletion waits. The lock an update of its columns takes (no key update), not the
 * stronger one: a key-share lock (a message's foreign key, the search index job reading the
 * conversation while it rebuilds its document) must not hold a send up.
 */
export async function lockSession(tx: Executor, sessionId: string, owner: Owner): Promise<ChatSession | undefined> {
  const rows = await tx
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), ownedBy.chatSessions(owner)))
    .for('no key update')
    .limit(1);
  return rows[0];
}

/** Marks the session used and locks it until the transaction ends (sends of one conversation take turns). */
export async function touchSession(tx: Executor, sessionId: string, owner: Owner, at: Date): Promise<ChatSession | undefined> {
  return updateSession(tx, sessionId, owner, { updatedAt: at });
}

export async function updateSession(
  db: Executor,
  sessionId: string,
  owner: Owner,
  values: Partial<Pick<ChatSession, 'title' | 'titleRenamedAt' | 'executiveRole' | 'industry' | 'userRole' | 'updatedAt'>>,
): Promise<ChatSession | undefined> {
  const rows = await db
    .update(chatSessions)
    .set(values)
    .where(and(eq(chatSessions.id, sessionId), ownedBy.chatSessions(owner)))
    .returning();
  return rows[0];
}

/** Saves an automatic title, unless the user renamed the conversation (checked in the same statement, so a rename in between wins). */
/**
 * Claims the model call for a title of the conversation at `messageCount` messages: true for the
 * first to ask at that count (or after more messages), false for every other (decision 050).
 */
export async function claimTitleCall(db: Executor, sessionId: string, owner: Owner, messageCount: number): Promise<boolean> {
  const rows = await db
    .update(chatSessions)
    .set({ titledAtMessages: messageCount })
    .where(and(eq(chatSessions.id, sessionId), ownedBy.chatSessions(owner), isNull(chatSessions.titleRenamedAt), lt(chatSessions.titledAtMessages, messageCount)))
    .returning({ id: chatSessions.id });
  return rows.length > 0;
}

export async function setAutomaticTitle(db: Executor, sessionId: string, owner: Owner, title: string): Promise<ChatSession | undefined> {
  const rows = await db
    .update(chatSessions)
    .set({ title })
    .where(and(eq(chatSessions.id, sessionId), ownedBy.chatSessions(owner), isNull(chatSessions.titleRenamedAt)))
    .returning();
  return rows[0];
}

export async function latestSessionId(db: Executor, owner: Owner): Promise<string | null> {
  const rows = await db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(ownedBy.chatSessions(owner))
    .orderBy(desc(chatSessions.updatedAt))
    .limit(1);
  return rows[0]?.id ?? null;
}

/**
 * The user's most recent conversations that hold a message (a conversation only created holds nothing to
 * reopen), newest first, at most `limit`, none last used before `since` (null: no bound).
 */
export async function recentSessions(db: Executor, owner: Owner, limit: number, since: Date | null): Promise<ChatSession[]> {
  return db
    .select()
    .from(chatSessions)
    .where(
      and(
        ownedBy.chatSessions(owner),
        since ? gte(chatSessions.updatedAt, since) : undefined,
        exists(db.select({ one: sql`1` }).from(chatMessages).where(and(eq(chatMessages.sessionId, chatSessions.id), ne(chatMessages.role, 'system')))),
      ),
    )
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id))
    .limit(limit);
}

/** Deletes the caller's own conversations among `sessionIds` (their messages go with them); answers how many. */
export async function deleteSessions(db: Executor, owner: Owner, sessionIds: string[]): Promise<number> {
  const rows = await db
    .delete(chatSessions)
    .where(and(ownedBy.chatSessions(owner), inArray(chatSessions.id, sessionIds)))
    .returning({ id: chatSessions.id });
  return rows.length;
}
