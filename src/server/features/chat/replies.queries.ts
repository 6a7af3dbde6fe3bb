import type { ToolActivity } from '#contract/tools.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { chatMessageColumns, chatMessages, chatSessions, type ChatMessage } from '#server/db/schema.ts';
import { ownedBy, type Owner } from '#server/db/ownership.ts';

/**
 * A failed or stopped reply (in the status given) back to an empty 'streaming' one; undefined when it is
 * not in that status (the status check makes two retries race safely).
 */
export async function restartReply(
  tx: Executor,
  messageId: string,
  values: { userRole: string; executiveRole: string; chargedDay: string | null },
  fromStatus: ChatMessage['status'],
): Promise<ChatMessage | undefined> {
  // 'complete': a regenerated reply (a new take); 'failed' and 'stopped': a retry.
  if (fromStatus !== 'failed' && fromStatus !== 'stopped' && fromStatus !== 'complete') return undefined;
  const rows = await tx
    .update(chatMessages)
    .set({ ...values, status: 'streaming', content: '', error: null, model: null, promptTokens: null, completionTokens: null, tools: null, like: null, dislike: null, heartbeatAt: sql`now()` })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.role, 'assistant'), eq(chatMessages.status, fromStatus)))
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

/** Saves the tools a reply being written has called so far (a reader who comes later sees them). */
export async function saveReplyTools(db: Executor, messageId: string, tools: ToolActivity[]): Promise<void> {
  await db.update(chatMessages).set({ tools, heartbeatAt: sql`now()` }).where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'streaming')));
}

export type ReplyEnd = Pick<ChatMessage, 'content' | 'status' | 'error' | 'model' | 'promptTokens' | 'completionTokens'>;

/** Saves how a reply ended, if it is still in `fromStatus` (a reply stopped elsewhere is 'stopped' already). */
export async function finishReply(db: Executor, messageId: string, fromStatus: 'streaming' | 'stopped', values: ReplyEnd): Promise<boolean> {
  const rows = await db
    .update(chatMessages)
    .set(values)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, fromStatus)))
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

/** Marks a 'streaming' reply stopped without its runner (the runner is on another instance, or gone). */
export async function markReplyStopped(db: Executor, messageId: string, owner: Owner): Promise<void> {
  await db
    .update(chatMessages)
    .set({ status: 'stopped' })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'streaming'), ownedBy.chatMessages(owner)));
}

/**
 * Replies whose runner is gone fail, keeping their partial text: every 'streaming' one, or with
 * `silentForMs` only those whose runner has not shown it was alive for that long (by the database's clock).
 */
export async function failStreamingReplies(db: Executor, error: string, silentForMs?: number): Promise<Array<{ id: string; sessionId: string; chargedDay: string | null; content: string }>> {
  const streaming = eq(chatMessages.status, 'streaming');
  return db
    .update(chatMessages)
    .set({ status: 'failed', error })
    .where(silentForMs === undefined ? streaming : and(streaming, sql`${chatMessages.heartbeatAt} < now() - make_interval(secs => ${silentForMs / 1000})`))
    .returning({ id: chatMessages.id, sessionId: chatMessages.sessionId, chargedDay: chatMessages.chargedDay, content: chatMessages.content });
}

/** Whose conversations these are (recovery gives interactions back to their owners). */
export async function ownersOfSessions(db: Executor, sessionIds: string[]): Promise<Map<string, string>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db.select({ id: chatSessions.id, userId: chatSessions.userId }).from(chatSessions).where(inArray(chatSessions.id, sessionIds));
  return new Map(rows.map((r) => [r.id, r.userId]));
}

/** Shows that this instance's runners are alive, text or no text yet (a runner waiting for its first token too). */
export async function touchReplies(db: Executor, messageIds: string[]): Promise<void> {
  if (messageIds.length === 0) return;
  await db
    .update(chatMessages)
    .set({ heartbeatAt: sql`now()` })
    .where(and(inArray(chatMessages.id, messageIds), eq(chatMessages.status, 'streaming')));
}
