import { z } from 'zod';
import { HISTORY_SEARCH_LIMIT, MAX_HISTORY_SEARCH_LENGTH, MAX_SESSIONS_PER_DELETE, historyValidation, MEMO_FORMATS } from './history-text.ts';

// Strings, constants and helpers without zod live in history-text.ts, so a screen that only shows them does
// not load zod and build every schema (issue 18, decision 042).
export { HISTORY_PAGE_SIZE, HISTORY_SEARCH_LIMIT, HISTORY_SEARCH_PAGE_SIZE, MAX_HISTORY_SEARCH_LENGTH, MAX_SESSIONS_PER_DELETE, SNIPPET_MATCH_START, SNIPPET_MATCH_END, historyValidation, historyText, sidebarText, messageCountLabel, documentCountLabel, exportMarkdownPath, exportPdfPath, exportMemoPath, MEMO_FORMATS, memoText } from './history-text.ts';
export type { MemoFormat } from './history-text.ts';

/** Conversation history (spec sections 2, 7 and 8): list, search, delete and export. */

const idSchema = z.uuid({ error: historyValidation.idInvalid });

export const historyUserParamsSchema = z.object({ id: idSchema });
export const historySessionParamsSchema = z.object({ id: idSchema });

/** GET /api/users/:id/chat-sessions?q= : without q (or blank) the newest conversations, with q the best matches. */
/** `YYYY-MM-DDTHH:MM:SS` naming a moment that exists, in years 1 to 9999. */
function isCalendarMoment(value: string): boolean {
  const at = new Date(`${value}Z`);
  return !Number.isNaN(at.getTime()) && at.getUTCFullYear() >= 1 && at.toISOString().slice(0, 19) === value;
}

export const listChatSessionsQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_HISTORY_SEARCH_LENGTH, historyValidation.queryTooLong)
    .optional()
    .transform((q) => (q ? q : undefined)),
  /** The list only: the page after this cursor (a previous page's `nextCursor`). */
  before: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, historyValidation.cursorInvalid)
    // A real moment: the database refuses 0000-00-00 or February 30.
    .refine((cursor) => isCalendarMoment(cursor.slice(0, 19)), historyValidation.cursorInvalid)
    .optional(),
  /** A search only: the page of matches that starts here (a previous search page's `nextCursor`, how many matches came before it). */
  from: z
    .string()
    .regex(/^\d{1,3}$/, historyValidation.cursorInvalid)
    .refine((cursor) => Number(cursor) < HISTORY_SEARCH_LIMIT, historyValidation.cursorInvalid)
    .optional(),
});
export type ListChatSessionsQuery = z.input<typeof listChatSessionsQuerySchema>;

export const chatSessionListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  executiveRole: z.string(),
  industry: z.string(),
  userRole: z.string(),
  /** The start of the latest question (user message), as plain text; null before the first one. */
  preview: z.string().nullable(),
  /** User and assistant messages (system notes are not counted). */
  messageCount: z.number().int(),
  /** Documents attached to the conversation; 0 until the documents feature lands. */
  documentCount: z.number().int(),
  /** Roundtables held in the conversation (the list shows a badge). */
  roundtableCount: z.number().int().optional(),
  /** Of those, the head-to-heads: the list labels them "Head-to-head" (issue 29, point 13). */
  headToHeadCount: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Searches only: the part of a message that matched, with matched words between SNIPPET_MATCH_START and SNIPPET_MATCH_END. */
  snippet: z.string().nullable(),
});
export type ChatSessionListItem = z.infer<typeof chatSessionListItemSchema>;

export const listChatSessionsResponseSchema = z.object({
  sessions: z.array(chatSessionListItemSchema),
  /** More conversations exist (older ones for the list, weaker matches for a search) than were answered. */
  hasMore: z.boolean(),
  /** Where the next page starts (null on the last page): the list's `before`, or a search's `from` (up to its best HISTORY_SEARCH_LIMIT matches). */
  nextCursor: z.string().nullable(),
  /** The list's first page: how many conversations the user has (null on later pages and for a search). */
  total: z.number().int().nullable(),
});
export type ListChatSessionsResponse = z.infer<typeof listChatSessionsResponseSchema>;

/**
 * DELETE /api/users/:id/chat-sessions: the listed conversations (ids that are not the caller's own
 * are ignored), or with `all: true` every conversation of the caller, in one statement.
 */
export const deleteChatSessionsInputSchema = z.union(
  [
    z.strictObject({
      sessionIds: z
        .array(idSchema, { error: historyValidation.sessionIdsInvalid })
        .min(1, historyValidation.sessionIdsInvalid)
        .max(MAX_SESSIONS_PER_DELETE, historyValidation.sessionIdsInvalid),
    }),
    z.strictObject({ all: z.literal(true) }),
  ],
  { error: historyValidation.deleteSelectionInvalid },
);
export type DeleteChatSessionsInput = z.infer<typeof deleteChatSessionsInputSchema>;
export const deleteChatSessionsResponseSchema = z.object({ deletedCount: z.number().int() });
export type DeleteChatSessionsResponse = z.infer<typeof deleteChatSessionsResponseSchema>;

/** Export query: the reader's IANA time zone, so times read as on their screen (UTC when missing or unknown). */
export const exportQuerySchema = z.object({ tz: z.string().max(64).optional() });
export const exportMemoQuerySchema = exportQuerySchema.extend({ format: z.enum(MEMO_FORMATS).default('pdf') });
