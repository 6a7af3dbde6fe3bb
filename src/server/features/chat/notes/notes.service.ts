import type { ConversationNoteDto, ConversationNoteResponse, UpdateConversationNoteInput } from '#contract/conversation-note.ts';
import { AppError } from '#server/errors.ts';
import { accountOwner, ownerOf } from '#server/db/ownership.ts';
import type { Db } from '#server/db/client.ts';
import type { ConversationNote } from '#server/db/schema.ts';
import type { Caller } from '#server/plugins/session.ts';
import type { PromptNote } from './note-prompt.ts';
import { clearNote, findNote, ownsConversation, saveUserNote } from './notes.queries.ts';

/** The note as the prompt reads it (one query, run alongside the context providers). */
export async function loadPromptNote(db: Db, job: { sessionId: string; userId: string }): Promise<PromptNote | null> {
  const note = await findNote(db, job.sessionId, accountOwner(job.userId));
  return note ? { content: note.content, coversThrough: note.coversThrough } : null;
}

function toDto(note: ConversationNote | undefined): ConversationNoteDto | null {
  // A cleared note keeps its row (what it had folded stays folded) and shows as none.
  if (!note || !note.content.trim()) return null;
  return { content: note.content, updatedAt: note.updatedAt.toISOString(), editedByUser: note.editedByUser };
}

/** The owner's note, or null; another account's conversation is not found. */
export async function getNote(deps: { db: Db }, caller: Caller, sessionId: string): Promise<ConversationNoteResponse> {
  const note = await findNote(deps.db, sessionId, ownerOf(caller));
  if (note) return { note: toDto(note) };
  if (!(await ownsConversation(deps.db, sessionId, ownerOf(caller)))) throw new AppError('not_found:chat_session');
  return { note: null };
}

/** The owner writes the note; the next reply's prompt pins their text. */
export async function putNote(deps: { db: Db }, caller: Caller, sessionId: string, input: UpdateConversationNoteInput): Promise<ConversationNoteResponse> {
  const note = await saveUserNote(deps.db, { sessionId, owner: ownerOf(caller), content: input.content });
  if (!note) throw new AppError('not_found:chat_session');
  return { note: toDto(note) };
}

/** The owner clears the note. */
export async function deleteNote(deps: { db: Db }, caller: Caller, sessionId: string): Promise<ConversationNoteResponse> {
  if (!(await clearNote(deps.db, sessionId, ownerOf(caller)))) throw new AppError('not_found:chat_session');
  return { note: null };
}
