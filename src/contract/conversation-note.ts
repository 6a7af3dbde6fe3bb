import { z } from 'zod';
import { noteLimits, noteText } from './conversation-note-text.ts';

// Strings and limits without zod live in conversation-note-text.ts (decision 042).
export * from './conversation-note-text.ts';

/**
 * A conversation's rolling note (issue 31, point 5; docs/decisions/083-the-conversations-note.md):
 * the facts, figures and decisions the user stated in turns that have left the model's context
 * window, kept by the model after replies, pinned in every prompt of the conversation, shown to the
 * user with the advisor card ("What I'm keeping in mind"), who may edit or clear it.
 */

/** The structured output the note's model call answers (validated before it is saved). */
export const noteOutputSchema = z.object({
  facts: z.array(z.string().max(noteLimits.itemChars * 2)).max(noteLimits.items * 2),
});
export type NoteOutput = z.infer<typeof noteOutputSchema>;

export const conversationNoteSchema = z.object({
  content: z.string(),
  /** ISO time the note was last written (by the model or the user). */
  updatedAt: z.string(),
  editedByUser: z.boolean(),
});
export type ConversationNoteDto = z.infer<typeof conversationNoteSchema>;

export const conversationNoteResponseSchema = z.object({ note: conversationNoteSchema.nullable() });
export type ConversationNoteResponse = z.infer<typeof conversationNoteResponseSchema>;

export const updateConversationNoteInputSchema = z.object({
  content: z.string({ error: noteText.required }).trim().min(1, noteText.required).max(noteLimits.chars, noteText.tooLong),
});
export type UpdateConversationNoteInput = z.infer<typeof updateConversationNoteInputSchema>;
