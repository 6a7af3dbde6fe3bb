import { and, asc, desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { chatMessages, chatSessions, chatSessionSummaries, documents, roundtables, type ChatMessage } from '#server/db/schema.ts';
import { ownedBy, type Owner } from '#server/db/ownership.ts';

/** Stored previews are longer than a card shows; this much is read (one more tells that it goes on). */
export const PREVIEW_READ_LENGTH = 240;

export interface SessionSummaryRow {
  id: string;
  title: string;
  executiveRole: string;
  industry: string;
  userRole: string;
  createdAt: Date;
  updatedAt: Date;
  messageCount: number;
  /** Documents attached to the conversation (features/documents), counted through their session index. */
  documentCount: number;
  /** Roundtables held in the conversation (features/roundtable). */
  roundtableCount: number;
  /** Of those, the head-to-heads (labelled "Head-to-head", not "Roundtable"; issue 29, point 13). */
  headToHeadCount: number;
  preview: string | null;
}

/** A conversation's own list fields. */
const sessionColumns = {
  id: chatSessions.id,
  title: chatSessions.title,
  executiveRole: chatSessions.executiveRole,
  industry: chatSessions.industry,
  userRole: chatSessions.userRole,
  createdAt: chatSessions.createdAt,
  updatedAt: chatSessions.updatedAt,
};

/** How many documents, roundtables and head-to-heads the conversation whose id is `sessionId` has. */
function countsOf(sessionId: SQLWrapper) {
  return {
    documentCount: sql<number>`(select count(*) from ${documents} where ${documents.sessionId} = ${sessionId})`.mapWith(Number),
    roundtableCount: sql<number>`(select count(*) from ${roundtables} where ${roundtables.sessionId} = ${sessionId})`.mapWith(Number),
    headToHeadCount: sql<number>`(select count(*) from ${roundtables} where ${roundtables.sessionId} = ${sessionId} and ${roundtables.format} = 'head-to-head')`.mapWith(Number),
  };
}

/** A conversation's list fields, summary and counts: what list and search rows select (search.queries.ts). */
export const summaryFields = {
  ...sessionColumns,
  messageCount: chatSessionSummaries.messageCount,
  ...countsOf(chatSessions.id),
  preview: sql<string | null>`left(${chatSessionSummaries.preview}, ${PREVIEW_READ_LENGTH + 1})`.as('preview'),
};

/** A list row with the key the next page starts after: updated_at to the microsecond (a JS Date keeps milliseconds), and the id. */
export interface ListRow extends SessionSummaryRow {
  cursor: string;
}

/**
 * One page of the newest conversations (keyset paging on the (user_id, updated_at) index: a page
 * deep in the list costs what the first does), then one primary-key join to their summaries.
 * `before` is a previous page's cursor: `<updated_at with microseconds>_<id>`.
 */
export async function listSessionSummaries(db: Executor, owner: Owner, limit: number, before?: string): Promise<ListRow[]> {
  const [beforeAt, beforeId] = before ? before.split('_') : [];
  const newest = db
    .select({
      ...sessionColumns,
      cursor: sql<string>`to_char(${chatSessions.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${chatSessions.id}`.as('cursor'),
    })
    .from(chatSessions)
    .where(
      and(
        ownedBy.chatSessions(owner),
        beforeAt && beforeId ? sql`(${chatSessions.updatedAt}, ${chatSessions.id}) < (${beforeAt}::timestamptz, ${beforeId}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id))
    .limit(limit)
    .as('newest');
  return db
    .select({
      id: newest.id,
      title: newest.title,
      executiveRole: newest.executiveRole,
      industry: newest.industry,
      userRole: newest.userRole,
      createdAt: newest.createdAt,
      updatedAt: newest.updatedAt,
      cursor: newest.cursor,
      messageCount: chatSessionSummaries.messageCount,
      ...countsOf(newest.id),
      preview: summaryFields.preview,
    })
    .from(newest)
    .innerJoin(chatSessionSummaries, eq(chatSessionSummaries.sessionId, newest.id))
    .orderBy(desc(newest.updatedAt), desc(newest.id));
}

/** How many conversations the user has (the list's first page says it). */
export async function countSessions(db: Executor, owner: Owner): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(chatSessions).where(ownedBy.chatSessions(owner));
  return rows[0]?.n ?? 0;
}

/** Deletes every conversation of the user in one statement (messages, summaries and search documents go with them); answers how many. */
export async function deleteAllSessions(db: Executor, owner: Owner): Promise<number> {
  const rows = await db.delete(chatSessions).where(ownedBy.chatSessions(owner)).returning({ id: chatSessions.id });
  return rows.length;
}

export type ExportMessage = Pick<ChatMessage, 'id' | 'role' | 'content' | 'executiveRole' | 'userRole' | 'timestamp' | 'status' | 'error' | 'documentIds'>;

/** Every message of a conversation, oldest first (the order the chat shows them in). */
export async function allMessages(db: Executor, sessionId: string): Promise<ExportMessage[]> {
  return db
    .select({
      id: chatMessages.id,
      role: chatMessages.role,
      content: chatMessages.content,
      executiveRole: chatMessages.executiveRole,
      userRole: chatMessages.userRole,
      timestamp: chatMessages.timestamp,
      status: chatMessages.status,
      error: chatMessages.error,
      documentIds: chatMessages.documentIds,
    })
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, sessionId))
    .orderBy(asc(chatMessages.timestamp), asc(chatMessages.id));
}
