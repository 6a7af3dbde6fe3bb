import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Stance } from '#contract/roundtable.ts';
import type { Executor } from '#server/db/client.ts';
import { ownedBy, ownerColumns, type Owner } from '#server/db/ownership.ts';
import { chatMessageColumns, chatMessages, chatSessions, documentChunks, documents, roundtables, type ChatMessage, type Roundtable } from '#server/db/schema.ts';

export type NewRoundtable = Omit<typeof roundtables.$inferInsert, 'userId'>;

/** Ownership of a roundtable: it names its owner, and every query by id carries it. */
export async function findOwnedRoundtable(db: Executor, id: string, owner: Owner): Promise<Roundtable | undefined> {
  const rows = await db
    .select()
    .from(roundtables)
    .where(and(eq(roundtables.id, id), ownedBy.roundtables(owner)))
    .limit(1);
  return rows[0];
}

export async function findRoundtable(db: Executor, id: string): Promise<Roundtable | undefined> {
  const rows = await db.select().from(roundtables).where(eq(roundtables.id, id)).limit(1);
  return rows[0];
}

/** The table's question and turns, in the conversation's order. */
export async function turnsOf(db: Executor, roundtableId: string): Promise<ChatMessage[]> {
  return db
    .select(chatMessageColumns)
    .from(chatMessages)
    .where(eq(chatMessages.roundtableId, roundtableId))
    .orderBy(asc(chatMessages.timestamp), asc(chatMessages.id));
}

export async function countRunningFor(db: Executor, owner: Owner): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(roundtables)
    .where(and(ownedBy.roundtables(owner), eq(roundtables.status, 'running')));
  return Number(rows[0]?.n ?? 0);
}

/** Locks the caller's conversation (so two creates of one account are counted in turn) and touches it. */
export async function lockOwnedSession(tx: Executor, sessionId: string, owner: Owner) {
  const rows = await tx
    .update(chatSessions)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(chatSessions.id, sessionId), ownedBy.chatSessions(owner)))
    .returning();
  return rows[0];
}

/** Serialises the creates of one owner (the per-owner limit is counted, then a row added). */
export async function lockOwnerRoundtables(tx: Executor, owner: Owner): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('roundtables'), hashtext(${owner.userId}))`);
}

export async function insertRoundtable(tx: Executor, owner: Owner, values: NewRoundtable): Promise<Roundtable> {
  const rows = await tx.insert(roundtables).values({ ...values, ...ownerColumns(owner) }).returning();
  return rows[0]!;
}

export interface NewTurn {
  roundtableId: string;
  sessionId: string;
  round: number;
  seat: string;
  userRole: string;
  role?: 'user' | 'assistant';
  content?: string;
  status?: ChatMessage['status'];
  timestamp: Date;
}

export async function insertTurns(db: Executor, turns: NewTurn[]): Promise<ChatMessage[]> {
  if (turns.length === 0) return [];
  return db
    .insert(chatMessages)
    .values(
      turns.map((t) => ({
        sessionId: t.sessionId,
        role: t.role ?? 'assistant',
        content: t.content ?? '',
        status: t.status ?? 'streaming',
        executiveRole: t.role === 'user' ? null : t.seat,
        userRole: t.userRole,
        roundtableId: t.roundtableId,
        roundtableRound: t.round,
        timestamp: t.timestamp,
      })),
    )
    .returning(chatMessageColumns);
}

export async function saveTurnEnd(
  db: Executor,
  messageId: string,
  values: { content: string; status: ChatMessage['status']; error: string | null; model: string; promptTokens: number | null; completionTokens: number | null; stance: Stance | null },
): Promise<void> {
  // A turn stopped elsewhere ('stopped' already) keeps its status; its words are saved.
  await db
    .update(chatMessages)
    .set({ ...values, status: sql`case when ${chatMessages.status} = 'stopped' then 'stopped' else ${values.status} end` })
    .where(and(eq(chatMessages.id, messageId), inArray(chatMessages.status, ['streaming', 'stopped'])));
}

/** Adds tokens to the table and shows its runner is alive. */
export async function addTokens(db: Executor, id: string, tokens: number): Promise<number> {
  const rows = await db
    .update(roundtables)
    .set({ tokensUsed: sql`${roundtables.tokensUsed} + ${tokens}`, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(roundtables.id, id))
    .returning({ tokensUsed: roundtables.tokensUsed });
  return rows[0]?.tokensUsed ?? 0;
}

/** Ends a table, unless it ended already (stopped elsewhere); answers whether this call ended it. */
export async function finishRoundtable(db: Executor, id: string, values: Pick<Roundtable, 'status' | 'stopReason'>): Promise<boolean> {
  const rows = await db
    .update(roundtables)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(roundtables.id, id), eq(roundtables.status, 'running')))
    .returning({ id: roundtables.id });
  return rows.length > 0;
}

/** Stop without the runner (another instance writes it, or none): the table and its streaming turns are stopped. */
export async function markStopped(db: Executor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(roundtables)
      .set({ status: 'stopped', stopReason: 'user', updatedAt: sql`now()` })
      .where(and(eq(roundtables.id, id), eq(roundtables.status, 'running')));
    await tx
      .update(chatMessages)
      .set({ status: 'stopped' })
      .where(and(eq(chatMessages.roundtableId, id), eq(chatMessages.status, 'streaming')));
  });
}

/** Whether the table is still running (a runner checks between rounds: Stop on another instance sets it stopped). */
export async function isStillRunning(db: Executor, id: string): Promise<boolean> {
  const rows = await db.select({ status: roundtables.status }).from(roundtables).where(eq(roundtables.id, id));
  return rows[0]?.status === 'running';
}

/** A table whose runner is gone becomes 'interrupted' (all of them, or those silent for `silentForMs`). */
export async function interruptAbandoned(db: Executor, silentForMs?: number): Promise<string[]> {
  const running = eq(roundtables.status, 'running');
  const rows = await db
    .update(roundtables)
    .set({ status: 'interrupted', stopReason: 'interrupted', updatedAt: sql`now()` })
    .where(silentForMs === undefined ? running : and(running, sql`${roundtables.heartbeatAt} < now() - make_interval(secs => ${silentForMs / 1000})`))
    .returning({ id: roundtables.id });
  return rows.map((r) => r.id);
}

/** Resuming an interrupted table: running again; its turns that did not finish are deleted and held again. */
export async function reopenInterrupted(db: Executor, id: string, owner: Owner): Promise<Roundtable | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(roundtables)
      .set({ status: 'running', stopReason: null, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(roundtables.id, id), ownedBy.roundtables(owner), eq(roundtables.status, 'interrupted')))
      .returning();
    if (!rows[0]) return undefined;
    await tx
      .delete(chatMessages)
      .where(and(eq(chatMessages.roundtableId, id), eq(chatMessages.role, 'assistant'), inArray(chatMessages.status, ['streaming', 'failed', 'stopped'])));
    return rows[0];
  });
}

/**
 * Shows this instance's tables are alive, and their turns too: a turn waiting for a model call
 * saves nothing, and the reply engine's recovery would otherwise take it for an abandoned reply.
 */
export async function touchRoundtables(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(roundtables)
    .set({ heartbeatAt: sql`now()` })
    .where(and(inArray(roundtables.id, ids), eq(roundtables.status, 'running')));
  await db
    .update(chatMessages)
    .set({ heartbeatAt: sql`now()` })
    .where(and(inArray(chatMessages.roundtableId, ids), eq(chatMessages.status, 'streaming')));
}

/** The roundtables of a conversation, oldest first. */
export async function roundtablesOfSession(db: Executor, sessionId: string, owner: Owner): Promise<Roundtable[]> {
  return db
    .select()
    .from(roundtables)
    .where(and(eq(roundtables.sessionId, sessionId), ownedBy.roundtables(owner)))
    .orderBy(asc(roundtables.createdAt));
}

/** Roundtables, turns and tokens per UTC day over the last `days` days (the admin stats). */
export async function usagePerDay(db: Executor, days: number) {
  const rows = await db.execute<{ day: string; roundtables: number; turns: number; prompt_tokens: number; completion_tokens: number }>(sql`
    select to_char(date_trunc('day', r.created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
           count(distinct r.id)::int as roundtables,
           count(m.id)::int as turns,
           coalesce(sum(m.prompt_tokens), 0)::int as prompt_tokens,
           coalesce(sum(m.completion_tokens), 0)::int as completion_tokens
    from ${roundtables} r
    left join ${chatMessages} m on m.roundtable_id = r.id and m.role = 'assistant'
    where r.created_at >= now() - make_interval(days => ${days})
    group by 1 order by 1`);
  return rows.rows.map((r) => ({ day: r.day, roundtables: Number(r.roundtables), turns: Number(r.turns), promptTokens: Number(r.prompt_tokens), completionTokens: Number(r.completion_tokens) }));
}

/** Names a conversation after its first question when it still has the default title (a table writes no reply to title it from). */
export async function titleUntitledSession(tx: Executor, sessionId: string, defaultTitle: string, title: string): Promise<void> {
  await tx
    .update(chatSessions)
    .set({ title })
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.title, defaultTitle)));
}

// ---- What a table is told of the situation (issue 31, point 4; decision 068) ----------------------

/**
 * The conversation before a table was asked, newest first: the chat's own messages (no roundtable
 * turns), finished ones, at most `limit`. Ownership: the session must be the owner's.
 */
export async function conversationBefore(db: Executor, input: { sessionId: string; owner: Owner; before: Date; limit: number }): Promise<ChatMessage[]> {
  return db
    .select(chatMessageColumns)
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(
      and(
        eq(chatMessages.sessionId, input.sessionId),
        ownedBy.chatSessions(input.owner),
        isNull(chatMessages.roundtableId),
        lt(chatMessages.timestamp, input.before),
        inArray(chatMessages.status, ['complete', 'stopped']),
      ),
    )
    .orderBy(desc(chatMessages.timestamp), desc(chatMessages.id))
    .limit(input.limit);
}

export interface TableDocument {
  id: string;
  originalName: string;
  content: string;
}

/** The owner's documents of this conversation among `ids`, with their extracted text. */
export async function documentsOfConversation(db: Executor, input: { owner: Owner; sessionId: string; ids: string[] }): Promise<TableDocument[]> {
  if (input.ids.length === 0) return [];
  const rows = await db
    .select({ id: documents.id, originalName: documents.originalName, content: documents.content })
    .from(documents)
    .where(and(ownedBy.documents(input.owner), eq(documents.sessionId, input.sessionId), inArray(documents.id, input.ids), isNotNull(documents.content)));
  return rows.map((row) => ({ ...row, content: row.content ?? '' }));
}

/** A document's passages that best match the question (full-text search), best first; the start of it when none match. */
export async function passagesFor(db: Executor, owner: Owner, documentId: string, question: string, limit: number): Promise<{ ordinal: number; label: string; content: string }[]> {
  const query = sql`websearch_to_tsquery('english', ${question})`;
  const columns = { ordinal: documentChunks.ordinal, label: documentChunks.label, content: documentChunks.content };
  const matches = await db
    .select(columns)
    .from(documentChunks)
    .where(and(eq(documentChunks.documentId, documentId), ownedBy.documentChunks(owner), sql`${documentChunks.searchVector} @@ ${query}`))
    .orderBy(desc(sql`ts_rank(${documentChunks.searchVector}, ${query})`), asc(documentChunks.ordinal))
    .limit(limit);
  if (matches.length > 0) return matches;
  return db.select(columns).from(documentChunks).where(and(eq(documentChunks.documentId, documentId), ownedBy.documentChunks(owner))).orderBy(asc(documentChunks.ordinal)).limit(limit);
}
