import { z } from 'zod';

/** Conversation history (spec sections 2, 7 and 8): list, search, delete and export. */

/** The list answers the newest conversations a page at a time (issue 18); the next page starts at `nextCursor`. */
export const HISTORY_PAGE_SIZE = 50;
/** A search answers its best matches up to this many. */
export const HISTORY_SEARCH_LIMIT = 100;
export const MAX_HISTORY_SEARCH_LENGTH = 200;
export const MAX_SESSIONS_PER_DELETE = 500;

/**
 * A snippet marks the words that matched between these two characters (Unicode private use, so no
 * message text can contain them: the server removes them from the text first). The client turns
 * them into <mark> elements; no HTML ever travels.
 */
export const SNIPPET_MATCH_START = '\uE000';
export const SNIPPET_MATCH_END = '\uE001';

export const historyValidation = {
  queryTooLong: `Search terms can be at most ${MAX_HISTORY_SEARCH_LENGTH} characters`,
  sessionIdsInvalid: `Choose between 1 and ${MAX_SESSIONS_PER_DELETE} conversations`,
  deleteSelectionInvalid: `Give 1 to ${MAX_SESSIONS_PER_DELETE} conversation ids as sessionIds, or all: true`,
  idInvalid: 'Not a valid id',
  cursorInvalid: 'Not a valid page cursor',
} as const;

/** Spec section 8 and the page's own words, shared by the page and its tests. */
export const historyText = {
  title: 'Conversation History',
  searchPlaceholder: 'Search conversations...',
  loading: 'Loading conversations...',
  loadError: 'Error loading conversations',
  noMatchesTitle: 'No matching conversations',
  noMatchesText: 'Try adjusting your search terms',
  emptyTitle: 'No conversation history',
  emptyText: 'Start a conversation with an executive to see your history here',
  deleted: { title: 'Conversation deleted', description: 'The conversation has been removed.' },
  deleteFailed: { title: 'Error', description: 'Failed to delete conversation.' },
  allDeleted: (count: number) => ({ title: 'All conversations deleted', description: `${count} conversation(s) have been removed.` }),
  deleteAllFailed: { title: 'Error', description: 'Failed to delete all conversations.' },
  copied: { title: 'Conversation copied', description: 'The conversation is on your clipboard as Markdown.' },
  copyFailed: { title: 'Copy failed', description: 'Could not copy to the clipboard. Please try again.' },
  exportFailed: { title: 'Export failed', description: 'Could not export message or conversation to PDF' },
  /** The page's subtitle: how many conversations there are ("1000+" when older ones are not listed). */
  subtitle: (count: number, more: boolean) => `${count}${more ? '+' : ''} ${count === 1 ? 'conversation' : 'conversations'} with your executive advisors`,
  subtitleEmpty: 'Every conversation with your advisors, in one place.',
  upgradeTitle: 'Conversation history is a Premium feature',
  upgradeText: 'Upgrade to Premium to search, revisit and export every conversation with your executive advisors.',
  moreMatches: (shown: number) => `Showing the best ${shown} matches.`,
  loadingMore: 'Loading older conversations...',
  confirmDelete: {
    title: 'Delete this conversation?',
    description: (title: string) => `"${title}" and all its messages will be permanently deleted. This cannot be undone.`,
    confirm: 'Delete',
  },
  confirmDeleteAll: {
    title: 'Delete all conversations?',
    description: (count: number, more: boolean) =>
      `All ${count}${more ? '+' : ''} of your conversations and their messages will be permanently deleted. This cannot be undone.`,
    confirm: 'Delete All',
  },
} as const;

/** The conversation sidebar in /chat (issue 14, point 2; decision 033): its own words; the list's states are historyText's. */
export const sidebarText = {
  label: 'Conversations',
  open: 'Open conversations',
  close: 'Close conversations',
  collapse: 'Collapse sidebar',
  expand: 'Expand sidebar',
  newConversation: 'New conversation',
  emptyText: 'Your conversations will appear here.',
  actions: (title: string) => `Actions for ${title}`,
  rename: 'Rename',
  delete: 'Delete',
  renameLabel: 'Conversation title',
  save: 'Save title',
  cancel: 'Cancel renaming',
  renamed: { title: 'Conversation renamed', description: 'The new title is saved.' },
  renameFailed: 'The title could not be saved. Please try again.',
  upgradeButton: 'Upgrade to Premium',
  openHistory: 'Open full history',
} as const;

export function messageCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'message' : 'messages'}`;
}
export function documentCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'document' : 'documents'}`;
}

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
  /** The list: where the next page starts (null on the last page, and for a search). */
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

/** Export endpoints (Premium): the conversation as Markdown text, or as an A4 PDF download. */
export const exportMarkdownPath = (sessionId: string) => `/api/chat-sessions/${sessionId}/export/markdown`;
export const exportPdfPath = (sessionId: string) => `/api/chat-sessions/${sessionId}/export/pdf`;

/** Export query: the reader's IANA time zone, so times read as on their screen (UTC when missing or unknown). */
export const exportQuerySchema = z.object({ tz: z.string().max(64).optional() });

/**
 * The decision memo (issue 14, point 5; Premium like every export): a one-page write-up of the
 * conversation by the model, as a PDF or as Markdown. GET .../export/memo?format=pdf|md
 */
export const exportMemoPath = (sessionId: string) => `/api/chat-sessions/${sessionId}/export/memo`;
export const MEMO_FORMATS = ['pdf', 'md'] as const;
export type MemoFormat = (typeof MEMO_FORMATS)[number];
export const exportMemoQuerySchema = exportQuerySchema.extend({ format: z.enum(MEMO_FORMATS).default('pdf') });

/** The memo's sections, in order, as both files head them. Owner and date are left for the user to fill. */
export const memoText = {
  heading: 'Decision memo',
  question: 'Question',
  options: 'Options considered',
  recommendation: 'Recommendation',
  risks: 'Risks',
  ownerAndDate: 'Owner and date',
  owner: 'Decision owner',
  date: 'Decision date',
  openQuestions: 'Open questions',
  /** What a section says when the conversation did not cover it. */
  notDiscussed: 'Not discussed in the conversation.',
  menuPdf: 'Decision memo (PDF)',
  menuMarkdown: 'Decision memo (Markdown)',
  preparing: 'Writing the memo…',
  failed: { title: 'Memo failed', description: 'Could not write the decision memo. Please try again.' },
} as const;
