// History and sidebar words, limits and helpers without zod: the chat screen's sidebar imports them from here (issue 18, decision 042).
import { errorNotice } from './notice-text.ts';

/** Conversation history (spec sections 2, 7 and 8): list, search, delete and export. */

/** The list answers the newest conversations a page at a time (issue 18); the next page starts at `nextCursor`. */
export const HISTORY_PAGE_SIZE = 50;
/** A search answers its best matches up to this many. */
export const HISTORY_SEARCH_LIMIT = 100;
/** ...a page at a time, each with its snippets (decision 041); the next page starts at the previous one's `nextCursor`. */
export const HISTORY_SEARCH_PAGE_SIZE = 25;
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
  deleteFailed: errorNotice('Failed to delete conversation.'),
  allDeleted: (count: number) => ({ title: 'All conversations deleted', description: `${count} conversation(s) have been removed.` }),
  deleteAllFailed: errorNotice('Failed to delete all conversations.'),
  copied: { title: 'Conversation copied', description: 'The conversation is on your clipboard as Markdown.' },
  copyFailed: { title: 'Copy failed', description: 'Could not copy to the clipboard. Please try again.' },
  exportFailed: { title: 'Export failed', description: 'Could not export message or conversation to PDF' },
  /** The Export button while a PDF is made, and the notice after its download (issue 29, point 11). */
  pdfPreparing: 'Preparing PDF…',
  pdfDownloaded: (fileName: string) => ({ title: 'PDF ready', description: `${fileName} is in your downloads.` }),
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

/** Export endpoints (Premium): the conversation as Markdown text, or as an A4 PDF download. */
export const exportMarkdownPath = (sessionId: string) => `/api/chat-sessions/${sessionId}/export/markdown`;
export const exportPdfPath = (sessionId: string) => `/api/chat-sessions/${sessionId}/export/pdf`;

/**
 * The decision memo (issue 14, point 5; Premium like every export): a one-page write-up of the
 * conversation by the model, as a PDF or as Markdown. GET .../export/memo?format=pdf|md
 */
export const exportMemoPath = (sessionId: string) => `/api/chat-sessions/${sessionId}/export/memo`;
export const MEMO_FORMATS = ['pdf', 'md'] as const;
export type MemoFormat = (typeof MEMO_FORMATS)[number];

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
  /** After the download (issue 29, point 11). */
  downloaded: (fileName: string) => ({ title: 'Decision memo ready', description: `${fileName} is in your downloads.` }),
  failed: { title: 'Memo failed', description: 'Could not write the decision memo. Please try again.' },
} as const;
