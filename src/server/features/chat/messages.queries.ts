import { and, asc, count, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { ownedBy, type Owner } from '#server/db/ownership.ts';
import { chatMessageColumns, chatMessages, type ChatMessage, type NewChatMessage } from '#server/db/schema.ts';

// Ownership of a message: its conversation belongs to the owner (ownedBy.chatMessages). Every message query by id carries it.

/** (timestamp, id) is the total order of a conversation; this is the position of one message in it. */
const positionOf = (messageId: string, sessionId?: string) =>
  sessionId
    ? sql`(select c.timestamp, c.id from ${chatMessages} c where c.id = ${messageId} and c.session_id = ${sessionId})`
    : sql`(select c.timestamp, c.id from ${chatMessages} c where c.id = ${messageId})`;
const position = sql`(${chatMessages.timestamp}, ${chatMessages.id})`;
const newestFirst = [desc(chatMessages.timestamp), desc(chatMessages.id)];

/** Whether the conversation has begun: any message that is not a system note. */
export async function hasConversationStarted(db: Executor, sessionId: string): Promise<boolean> {
  const rows = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), ne(chatMessages.role, 'system')))
    .limit(1);
  return rows.length > 0;
}

/** User and assistant messages of a session (what title generation counts). */
export async function countConversationMessages(db: Executor, sessionId: string): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), inArray(chatMessages.role, ['user', 'assistant'])));
  return Number(rows[0]?.n ?? 0);
}

export async function insertMessages(db: Executor, values: NewChatMessage[]): Promise<ChatMessage[]> {
  return db.insert(chatMessages).values(values).returning(chatMessageColumns);
}

/** One page of a session's messages, newest first; `before` is the id of the oldest message the client has. */
export async function listMessagesPage(db: Executor, sessionId: string, owner: Owner, options: { before?: string; limit: number }): Promise<ChatMessage[]> {
  const conditions = [eq(chatMessages.sessionId, sessionId), ownedBy.chatMessages(owner)];
  if (options.before) conditions.push(sql`${position} < ${positionOf(options.before, sessionId)}`);
  return db
    .select(chatMessageColumns)
    .from(chatMessages)
    .where(and(...conditions))
    .orderBy(...newestFirst)
    .limit(options.limit);
}

/** The messages written before a given one (newest first): the history a reply is generated from. */
export async function messagesBefore(db: Executor, message: Pick<ChatMessage, 'sessionId' | 'id'>, limit: number): Promise<ChatMessage[]> {
  return db
    .select(chatMessageColumns)
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, message.sessionId), sql`${position} < ${positionOf(message.id)}`))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** The messages of a session up to a moment (newest first): the history of a reply being sent, read in the send's transaction. */
export async function messagesUpTo(db: Executor, sessionId: string, at: Date, limit: number): Promise<ChatMessage[]> {
  return db
    .select(chatMessageColumns)
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), lte(chatMessages.timestamp, at)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** The opening of a conversation, oldest first: what a title is made from. */
export async function firstMessages(db: Executor, sessionId: string, limit: number): Promise<ChatMessage[]> {
  return db
    .select(chatMessageColumns)
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.timestamp), asc(chatMessages.id))
    .limit(limit);
}

export async function findMessage(db: Executor, messageId: string, owner: Owner, sessionId?: string): Promise<ChatMessage | undefined> {
  const conditions = [eq(chatMessages.id, messageId), ownedBy.chatMessages(owner)];
  if (sessionId) conditions.push(eq(chatMessages.sessionId, sessionId));
  const rows = await db
    .select(chatMessageColumns)
    .from(chatMessages)
    .where(and(...conditions))
    .limit(1);
  return rows[0];
}

/** Only the reply engine reads a message by id alone, after ownership was checked on the request. */
export async function findMessageById(db: Executor, messageId: string): Promise<ChatMessage | undefined> {
  const rows = await db.select(chatMessageColumns).from(chatMessages).where(eq(chatMessages.id, messageId)).limit(1);
  return rows[0];
}

export async function setFeedback(db: Executor, messageId: string, owner: Owner, values: { like: number | null; dislike: number | null }) {
  const rows = await db
    .update(chatMessages)
    .set(values)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.role, 'assistant'), ownedBy.chatMessages(owner)))
    .returning(chatMessageColumns);
  return rows[0];
}

/**
 * The reply (or replies) answering a question: the assistant messages after it in its conversation,
 * before the next question. Ownership is the caller's to have checked on the question.
 */
export async function repliesTo(db: Executor, question: Pick<ChatMessage, 'id' | 'sessionId'>): Promise<ChatMessage[]> {
  const asked = positionOf(question.id, question.sessionId);
  return db
    .select(chatMessageColumns)
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.sessionId, question.sessionId),
        eq(chatMessages.role, 'assistant'),
        sql`${position} > ${asked}`,
        sql`not exists (select 1 from ${chatMessages} n where n.session_id = ${question.sessionId} and n.role = 'user'
              and (n.timestamp, n.id) > ${asked} and (n.timestamp, n.id) < ${position})`,
      ),
    )
    .orderBy(asc(chatMessages.timestamp), asc(chatMessages.id));
}

/** Deletes the caller's messages with these ids; answers the ids that went, in the order asked for. */
export async function deleteMessages(db: Executor, messageIds: string[], owner: Owner): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .delete(chatMessages)
    .where(and(inArray(chatMessages.id, messageIds), ownedBy.chatMessages(owner)))
    .returning({ id: chatMessages.id });
  // In the order asked for (a question before its reply): RETURNING follows no order on PostgreSQL.
  const deleted = new Set(rows.map((row) => row.id));
  return messageIds.filter((id) => deleted.has(id));
}
