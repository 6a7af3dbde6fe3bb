import { and, asc, count, desc, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { chatMessageColumns, chatMessages, chatSessions, users, type ChatMessage, type ChatSession, type NewChatMessage } from '#server/db/schema.ts';

/** A transaction handle or the database: both run the same queries. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** The server's idea of "today": the UTC date, decided by the database clock so every instance agrees. */
const utcToday = sql`(now() at time zone 'utc')::date`;

/** The stored counters belong to an earlier UTC day (or to none): counting starts again. */
const newInteractionDay = sql`coalesce(${users.lastInteractionDate} < ${utcToday}, true)`;
/** The users columns after counting one more free interaction. */
const oneMoreInteraction = {
  dailyInteractionsUsed: sql`case when ${newInteractionDay} then 1 else ${users.dailyInteractionsUsed} + 1 end`,
  dailyAttachmentsUsed: sql`case when ${newInteractionDay} then 0 else ${users.dailyAttachmentsUsed} end`,
  lastInteractionDate: sql`${utcToday}`,
};
/** The user may count one more interaction today. */
const underInteractionLimit = (limit: number) => sql`(${newInteractionDay} or ${users.dailyInteractionsUsed} < ${limit})`;

/** Ownership of a message: its session belongs to the user. Every message query carries it. */
function ownedBy(userId: string): SQL {
  return sql`exists (select 1 from ${chatSessions} where ${chatSessions.id} = ${chatMessages.sessionId} and ${chatSessions.userId} = ${userId})`;
}

export async function insertSession(
  db: Executor,
  values: { userId: string; title: string; executiveRole: string; industry: string; userRole: string },
): Promise<ChatSession> {
  const rows = await db.insert(chatSessions).values(values).returning();
  return rows[0]!;
}

export async function findSession(db: Executor, sessionId: string, userId: string): Promise<ChatSession | undefined> {
  const rows = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
    .limit(1);
  return rows[0];
}

/** The session, locked until the transaction ends: context changes and sends of one conversation take turns. */
export async function lockSession(tx: Executor, sessionId: string, userId: string): Promise<ChatSession | undefined> {
  const rows = await tx
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
    .for('update')
    .limit(1);
  return rows[0];
}

/** Marks the session used and locks it until the transaction ends (sends of one conversation take turns). */
export async function touchSession(tx: Executor, sessionId: string, userId: string, at: Date): Promise<ChatSession | undefined> {
  const rows = await tx
    .update(chatSessions)
    .set({ updatedAt: at })
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
    .returning();
  return rows[0];
}

export async function updateSession(
  db: Executor,
  sessionId: string,
  userId: string,
  values: Partial<Pick<ChatSession, 'title' | 'executiveRole' | 'industry' | 'userRole' | 'updatedAt'>>,
): Promise<ChatSession | undefined> {
  const rows = await db
    .update(chatSessions)
    .set(values)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
    .returning();
  return rows[0];
}

export async function latestSessionId(db: Executor, userId: string): Promise<string | null> {
  const rows = await db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(eq(chatSessions.userId, userId))
    .orderBy(desc(chatSessions.updatedAt))
    .limit(1);
  return rows[0]?.id ?? null;
}

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
export async function listMessagesPage(db: Executor, sessionId: string, userId: string, options: { before?: string; limit: number }): Promise<ChatMessage[]> {
  const conditions = [eq(chatMessages.sessionId, sessionId), ownedBy(userId)];
  if (options.before) {
    conditions.push(
      sql`(${chatMessages.timestamp}, ${chatMessages.id}) < (select c.timestamp, c.id from ${chatMessages} c where c.id = ${options.before} and c.session_id = ${sessionId})`,
    );
  }
  return db
    .select(chatMessageColumns)
    .from(chatMessages)
    .where(and(...conditions))
    .orderBy(desc(chatMessages.timestamp), desc(chatMessages.id))
    .limit(options.limit);
}

/** The messages written before a given one (newest first): the history a reply is generated from. */
export async function messagesBefore(db: Executor, message: Pick<ChatMessage, 'sessionId' | 'id'>, limit: number): Promise<ChatMessage[]> {
  return db
    .select(chatMessageColumns)
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.sessionId, message.sessionId),
        sql`(${chatMessages.timestamp}, ${chatMessages.id}) < (select c.timestamp, c.id from ${chatMessages} c where c.id = ${message.id})`,
      ),
    )
    .orderBy(desc(chatMessages.timestamp), desc(chatMessages.id))
    .limit(limit);
}

/** The messages of a session up to a moment (newest first): the history of a reply being sent, read in the send's transaction. */
export async function messagesUpTo(db: Executor, sessionId: string, at: Date, limit: number): Promise<ChatMessage[]> {
  return db
    .select(chatMessageColumns)
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), lte(chatMessages.timestamp, at)))
    .orderBy(desc(chatMessages.timestamp), desc(chatMessages.id))
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

export async function findMessage(db: Executor, messageId: string, userId: string, sessionId?: string): Promise<ChatMessage | undefined> {
  const conditions = [eq(chatMessages.id, messageId), ownedBy(userId)];
  if (sessionId) conditions.push(eq(chatMessages.sessionId, sessionId));
  const rows = await db
    .select(chatMessageColumns)
    .from(chatMessages)
    .where(and(...conditions))
    .limit(1);
  return rows[0];
}

/** Only the runner and the stream read a message by id alone, after ownership was checked on the request. */
export async function findMessageById(db: Executor, messageId: string): Promise<ChatMessage | undefined> {
  const rows = await db.select(chatMessageColumns).from(chatMessages).where(eq(chatMessages.id, messageId)).limit(1);
  return rows[0];
}

export async function setFeedback(db: Executor, messageId: string, userId: string, values: { like: number | null; dislike: number | null }) {
  const rows = await db
    .update(chatMessages)
    .set(values)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.role, 'assistant'), ownedBy(userId)))
    .returning(chatMessageColumns);
  return rows[0];
}

export async function deleteMessage(db: Executor, messageId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(chatMessages)
    .where(and(eq(chatMessages.id, messageId), ownedBy(userId)))
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** Puts a failed or stopped reply back to 'streaming' with empty text; the status check makes two retries race safely. */
export async function restartReply(tx: Executor, messageId: string, values: { userRole: string; executiveRole: string }): Promise<ChatMessage | undefined> {
  const rows = await tx
    .update(chatMessages)
    .set({ ...values, status: 'streaming', content: '', error: null, model: null, promptTokens: null, completionTokens: null, like: null, dislike: null, heartbeatAt: sql`now()` })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.role, 'assistant'), inArray(chatMessages.status, ['failed', 'stopped'])))
    .returning(chatMessageColumns);
  return rows[0];
}

/** Saves the text so far (and that its runner is alive); false when the reply is no longer 'streaming' (stopped elsewhere, or deleted). */
export async function saveReplyProgress(db: Executor, messageId: string, content: string): Promise<boolean> {
  const rows = await db
    .update(chatMessages)
    .set({ content, heartbeatAt: sql`now()` })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'streaming')))
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

export async function finishReply(
  db: Executor,
  messageId: string,
  fromStatus: 'streaming' | 'stopped',
  values: Pick<ChatMessage, 'content' | 'status' | 'error' | 'model' | 'promptTokens' | 'completionTokens'>,
): Promise<boolean> {
  const rows = await db
    .update(chatMessages)
    .set(values)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, fromStatus)))
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** Marks a 'streaming' reply stopped without its runner (the runner is on another instance, or gone). */
export async function markReplyStopped(db: Executor, messageId: string, userId: string): Promise<void> {
  await db
    .update(chatMessages)
    .set({ status: 'stopped' })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'streaming'), ownedBy(userId)));
}

/**
 * Replies whose runner is gone fail, keeping their partial text: every 'streaming' one, or with
 * `silentForMs` only those whose runner has not shown it was alive for that long (by the database's clock).
 */
export async function failStreamingReplies(db: Executor, error: string, silentForMs?: number): Promise<number> {
  const streaming = eq(chatMessages.status, 'streaming');
  const rows = await db
    .update(chatMessages)
    .set({ status: 'failed', error })
    .where(silentForMs === undefined ? streaming : and(streaming, sql`${chatMessages.heartbeatAt} < now() - make_interval(secs => ${silentForMs / 1000})`))
    .returning({ id: chatMessages.id });
  return rows.length;
}

/** The columns of a message under the application's field names, for rows built as JSON (see `messageFromJson`). */
const messageJson = sql.raw(
  Object.entries(chatMessageColumns)
    .map(([field, column]) => `"${column.name}" as "${field}"`)
    .join(', '),
);

function messageFromJson(row: Omit<ChatMessage, 'timestamp'> & { timestamp: string }): ChatMessage {
  return { ...row, timestamp: new Date(row.timestamp) };
}

export interface SendInput {
  sessionId: string;
  userId: string;
  /** Milliseconds: the user message is stamped `at`, its reply `at + 1`, the session touched at `at`. */
  at: number;
  /** The user's own role sent with the message; null keeps the session's. */
  userRole: string | null;
  /** The executive roles the caller's plan allows; null for every role. */
  allowedExecutiveRoles: readonly string[] | null;
  /** The free daily limit to count the message against; null for Premium (not counted). */
  interactionLimit: number | null;
  content: string;
  documentIds: string[];
  historyLimit: number;
}

export type SendResult =
  /** The user message and its empty 'streaming' reply are stored; `history` is what came before, newest first. */
  | { kind: 'sent'; session: Pick<ChatSession, 'executiveRole' | 'industry' | 'userRole'>; inserted: ChatMessage[]; history: ChatMessage[]; chargedDay: string | null }
  /** The conversation is the caller's and open to them, but today's free interactions are used up. Nothing changed. */
  | { kind: 'limit' }
  /** Not this statement's case (no such conversation of the caller's, an executive outside the plan, or a change of the user's role). Nothing changed. */
  | { kind: 'other' };

/**
 * A message as one statement, for the common case: the conversation is the caller's, its executive
 * is in their plan and their own role is unchanged. In one atomic step it locks the session, counts
 * a free interaction (only while under the limit), touches the session, inserts the message and its
 * empty reply, and reads what came before (the statement's snapshot does not see its own inserts).
 * Every other case changes nothing and answers 'other' for the transactional path to handle.
 * One round trip instead of five is what keeps the server's part of the first token short.
 */
export async function sendInOneStatement(db: Executor, input: SendInput): Promise<SendResult> {
  const charge = input.interactionLimit !== null;
  type MessageJson = Omit<ChatMessage, 'timestamp'> & { timestamp: string };
  type Row = {
    matched: number;
    chargedDay: string | null;
    session: { executiveRole: string; industry: string; userRole: string } | null;
    inserted: MessageJson[] | null;
    history: MessageJson[] | null;
  };
  // Both drivers answer { rows }; Drizzle's shared database type does not say so.
  const result = (await db.execute(sql`
    with target as (
      select id from chat_sessions
      where id = ${input.sessionId} and user_id = ${input.userId}
        and (${input.allowedExecutiveRoles === null}::boolean or executive_role = any(${sql.param(input.allowedExecutiveRoles ?? [])}::text[]))
        and (${input.userRole}::text is null or user_role = ${input.userRole}::text)
      for update
    ),
    charged as (
      update users set
        daily_interactions_used = ${oneMoreInteraction.dailyInteractionsUsed},
        daily_attachments_used = ${oneMoreInteraction.dailyAttachmentsUsed},
        last_interaction_date = ${oneMoreInteraction.lastInteractionDate}
      where ${charge}::boolean and id = ${input.userId} and exists (select 1 from target)
        and ${underInteractionLimit(input.interactionLimit ?? 0)}
      returning last_interaction_date
    ),
    touched as (
      update chat_sessions set updated_at = ${new Date(input.at).toISOString()}::timestamptz
      where id in (select id from target) and (not ${charge}::boolean or exists (select 1 from charged))
      returning id, executive_role, industry, user_role
    ),
    inserted as (
      insert into chat_messages (session_id, role, content, user_role, executive_role, document_ids, status, "timestamp")
      select t.id, v.role, v.content, t.user_role, t.executive_role, v.document_ids, v.status, v.ts
      from touched t cross join (values
        ('user', ${input.content}::text, ${sql.param(input.documentIds)}::text[], 'complete', ${new Date(input.at).toISOString()}::timestamptz),
        ('assistant', '', '{}'::text[], 'streaming', ${new Date(input.at + 1).toISOString()}::timestamptz)
      ) as v(role, content, document_ids, status, ts)
      returning ${messageJson}
    )
    select
      (select count(*) from target)::int as matched,
      (select last_interaction_date::text from charged) as "chargedDay",
      (select json_build_object('executiveRole', executive_role, 'industry', industry, 'userRole', user_role) from touched) as session,
      (select json_agg(i order by i."timestamp") from inserted i) as inserted,
      (select json_agg(h) from (
        select ${messageJson} from chat_messages
        where session_id = ${input.sessionId} and exists (select 1 from touched)
        order by "timestamp" desc, id desc limit ${input.historyLimit}
      ) h) as history
  `)) as unknown as { rows: Row[] };
  const row = result.rows[0]!;
  if (row.session && row.inserted) {
    return {
      kind: 'sent',
      session: row.session,
      inserted: row.inserted.map(messageFromJson),
      history: (row.history ?? []).map(messageFromJson),
      chargedDay: row.chargedDay,
    };
  }
  return row.matched > 0 && charge ? { kind: 'limit' } : { kind: 'other' };
}

/**
 * Counts one free interaction in one statement: the counters start again on a new UTC day, and the
 * row is updated only while under the limit, so parallel sends cannot overshoot. Returns the UTC day
 * it was counted on, or null when the limit is reached.
 */
export async function consumeInteraction(db: Executor, userId: string, limit: number): Promise<string | null> {
  const rows = await db
    .update(users)
    .set(oneMoreInteraction)
    .where(and(eq(users.id, userId), underInteractionLimit(limit)))
    .returning({ day: users.lastInteractionDate });
  return rows[0]?.day ?? null;
}

/** Gives back an interaction counted on `day`, only while that day is still today, never below zero. */
export async function refundInteraction(db: Executor, userId: string, day: string): Promise<void> {
  await db
    .update(users)
    .set({ dailyInteractionsUsed: sql`greatest(${users.dailyInteractionsUsed} - 1, 0)` })
    .where(and(eq(users.id, userId), eq(users.lastInteractionDate, day), sql`${users.lastInteractionDate} = ${utcToday}`));
}

/** Today's counters (zero when the stored ones belong to an earlier day). */
export async function dailyUsage(db: Executor, userId: string): Promise<{ interactions: number; attachments: number } | undefined> {
  const isToday = sql`${users.lastInteractionDate} = ${utcToday}`;
  const rows = await db
    .select({
      interactions: sql<number>`case when ${isToday} then ${users.dailyInteractionsUsed} else 0 end`.mapWith(Number),
      attachments: sql<number>`case when ${isToday} then ${users.dailyAttachmentsUsed} else 0 end`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0];
}

export async function updateUserDefaults(
  db: Executor,
  userId: string,
  values: { defaultUserRole?: string | null; defaultExecutiveRole?: string | null; defaultIndustry?: string | null },
) {
  const rows = await db
    .update(users)
    .set(values)
    .where(eq(users.id, userId))
    .returning({ defaultUserRole: users.defaultUserRole, defaultExecutiveRole: users.defaultExecutiveRole, defaultIndustry: users.defaultIndustry });
  return rows[0];
}
