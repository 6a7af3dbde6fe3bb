import { and, eq } from 'drizzle-orm';
// updatedAt is set from the server clock in milliseconds (not now(), which has microseconds a Date cannot
// hold back): saveModelNote compares it with the value it read.
import type { Executor } from '#server/db/client.ts';
import { ownedBy, ownerColumns, type Owner } from '#server/db/ownership.ts';
import { chatSessions, conversationNotes, type ConversationNote } from '#server/db/schema.ts';

/** Every statement names the owner (ownedBy): a note is read, written and deleted only with its conversation's owner. */

export async function findNote(db: Executor, sessionId: string, owner: Owner): Promise<ConversationNote | undefined> {
  const rows = await db
    .select()
    .from(conversationNotes)
    .where(and(eq(conversationNotes.sessionId, sessionId), ownedBy.conversationNotes(owner)))
    .limit(1);
  return rows[0];
}

/** The owner's own conversation, as a subquery: nothing is inserted for a conversation that is not the user's. */
function ownedSession(db: Executor, sessionId: string, owner: Owner) {
  return db
    .select({ sessionId: chatSessions.id })
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), ownedBy.chatSessions(owner)));
}

/**
 * The model's note, saved only if the note is still the one the writer read (`readAt`: its updatedAt,
 * or null when there was none): a note the user edited or cleared meanwhile, or another writer's, is
 * never overwritten. Answers whether it was saved.
 */
export async function saveModelNote(
  db: Executor,
  input: { sessionId: string; owner: Owner; content: string; coversThrough: Date; readAt: Date | null },
): Promise<boolean> {
  const { sessionId, owner, content, coversThrough, readAt } = input;
  if (readAt === null) {
    const owned = await ownedSession(db, sessionId, owner);
    if (owned.length === 0) return false;
    const rows = await db.insert(conversationNotes).values({ sessionId, ...ownerColumns(owner), content, coversThrough, editedByUser: false, updatedAt: new Date() }).onConflictDoNothing().returning({ sessionId: conversationNotes.sessionId });
    return rows.length > 0;
  }
  const rows = await db
    .update(conversationNotes)
    .set({ content, coversThrough, editedByUser: false, updatedAt: new Date() })
    .where(and(eq(conversationNotes.sessionId, sessionId), ownedBy.conversationNotes(owner), eq(conversationNotes.updatedAt, readAt)))
    .returning({ sessionId: conversationNotes.sessionId });
  return rows.length > 0;
}

/** The owner writes the note: it keeps what the model had folded (coversThrough), so cut turns are not read again. */
export async function saveUserNote(db: Executor, input: { sessionId: string; owner: Owner; content: string }): Promise<ConversationNote | undefined> {
  const { sessionId, owner, content } = input;
  const updated = await db
    .update(conversationNotes)
    .set({ content, editedByUser: true, updatedAt: new Date() })
    .where(and(eq(conversationNotes.sessionId, sessionId), ownedBy.conversationNotes(owner)))
    .returning();
  if (updated[0]) return updated[0];
  const owned = await ownedSession(db, sessionId, owner);
  if (owned.length === 0) return undefined;
  const inserted = await db
    .insert(conversationNotes)
    .values({ sessionId, ...ownerColumns(owner), content, coversThrough: null, editedByUser: true, updatedAt: new Date() })
    .onConflictDoUpdate({ target: conversationNotes.sessionId, set: { content, editedByUser: true, updatedAt: new Date() }, where: ownedBy.conversationNotes(owner) })
    .returning();
  return inserted[0];
}

/**
 * The owner clears the note: its text goes, and what it had folded stays folded (a cleared note is
 * not rebuilt from the same turns; later cut turns start a new one). Answers whether the owner has the conversation.
 */
export async function clearNote(db: Executor, sessionId: string, owner: Owner): Promise<boolean> {
  const rows = await db
    .update(conversationNotes)
    .set({ content: '', editedByUser: true, updatedAt: new Date() })
    .where(and(eq(conversationNotes.sessionId, sessionId), ownedBy.conversationNotes(owner)))
    .returning({ sessionId: conversationNotes.sessionId });
  if (rows.length > 0) return true;
  return (await ownedSession(db, sessionId, owner)).length > 0;
}


/** Whether the user owns the conversation (a note route for a conversation without a note). */
export async function ownsConversation(db: Executor, sessionId: string, owner: Owner): Promise<boolean> {
  return (await ownedSession(db, sessionId, owner)).length > 0;
}
