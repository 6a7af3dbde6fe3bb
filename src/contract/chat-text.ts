import { FREE_DAILY_INTERACTIONS, FREE_RECENT_CONVERSATIONS } from './limits.ts';
import { errorNotice } from './notice-text.ts';

// The chat's words, limits and small helpers, without zod: the chat screen imports them from here (issue 18, decision 042).

/** Validation messages and other user-facing chat strings, shared by the API, the client and the tests. */
export const chatValidation = {
  contentRequired: 'Please enter a message',
  contentTooLong: 'Messages can be at most 8000 characters',
  executiveRoleInvalid: 'Please choose an executive from the list',
  industryInvalid: 'Please choose an industry from the list',
  userRoleInvalid: 'Please choose your role from the list',
  titleInvalid: 'Titles must be 1 to 200 characters',
  documentIdsInvalid: 'Documents must be a list of at most 10 document ids',
  likeAndDislike: 'A message cannot be liked and disliked at the same time',
  nothingToChange: 'Nothing to change: give at least one value',
  idInvalid: 'Not a valid id',
} as const;

/** What a failed reply says, stored on the assistant message and shown in place of the missing text. */
export const replyErrors = {
  rateLimited: 'The AI provider is rate-limiting requests. Please try again in a minute.',
  unavailable: 'The AI provider is unavailable right now. Please try again.',
  unreachable: 'The AI provider could not be reached. Please try again.',
  rejected: 'The AI provider refused the request. Please try again, or contact us if this keeps happening.',
  connectionLost: 'The connection to the AI provider was lost while the reply was being written. Please try again.',
  stalled: 'The AI provider stopped responding.',
  empty: 'The AI provider returned an empty reply. Please try again.',
  interrupted: 'Interrupted: the server restarted while this reply was being written.',
} as const;

/**
 * The chat screen's notices (spec section 8) and the other words it says to users, shared by the
 * screen and its tests. The failed-action notices are titled 'Error' as the spec's are.
 */
export const chatText = {
  sendFailed: errorNotice('Failed to send message'),
  createSessionFailed: errorNotice('Failed to create chat session'),
  contextChangeFailed: errorNotice('Failed to update conversation context'),
  saveDefaultsFailed: (fields: readonly string[]) => errorNotice(`Failed to save default ${fields.join(' / ')} preference`),
  defaultsCleared: { title: 'Defaults cleared', description: 'New conversations start with the standard role, advisor and industry.' },
  defaultsSaved: (context: ChatContext) => ({
    title: 'Defaults saved',
    description: `New conversations start with you as ${context.userRole}, talking to the ${context.executiveRole} in ${context.industry}.`,
  }),
  conversationNotFound: { title: 'Conversation not found', description: 'It may have expired; starting a new one.' },
  earlierMessagesFailed: errorNotice('Failed to load earlier messages'),
  feedbackFailed: { title: 'Feedback failed', description: 'Your rating could not be saved. Please try again.' },
  deleteFailed: { title: 'Delete failed', description: 'The message could not be deleted. Please try again.' },
  /** Deleting asks first (issue 14, defect 8; decision 028): a question goes with its reply. */
  confirmDelete: {
    question: { title: 'Delete this question and its reply?', description: 'Both are removed from this conversation for good.' },
    reply: { title: 'Delete this reply?', description: 'It is removed from this conversation for good. Your question stays.' },
    confirm: 'Delete',
    cancel: 'Cancel',
  },
  copyFailed: { title: 'Copy failed', description: 'The message could not be copied to the clipboard.' },
  /** The copy buttons on a reply's tables and code blocks (issue 14, point 5). */
  copyBlock: { table: 'Copy table', code: 'Copy code', copied: 'Copied' },
  /**
   * A link in a reply to an address the user did not give (decision 053): shown with its real
   * address, and a warning before leaving.
   */
  externalLink: {
    title: (appName: string, host: string) => `This link leaves ${appName} for ${host}`,
    description: 'The advisor’s reply links to an address that is not in your messages. Links in replies can come from documents or be made up: check the address before you go on.',
    open: 'Open link',
    cancel: 'Stay here',
  },
  stopFailed: errorNotice('Failed to stop the reply'),
  retryFailed: errorNotice('Failed to retry the reply'),
  regenerateFailed: errorNotice('Failed to regenerate the reply'),
  /** "Ask another executive" (issue 14, point 3). */
  /** On every reply of the offline demo advisor, for users (issue 31, point 6); how to connect a model is for admins and the log. */
  demoNote: 'Sample answer from the offline demo advisor, not advice',
  secondOpinion: {
    label: 'Ask another executive',
    menuLabel: 'Same question, another executive',
    /** On the reply: a one-off answer; the conversation keeps its executive (issue 29, point 6). */
    badge: 'Second opinion',
    replyLabel: (advisor: string) => `Second opinion from ${advisor}`,
    isPremium: 'A second opinion from another executive is part of Premium.',
    failed: errorNotice('Failed to ask another executive'),
  },
  /** Edit and resend the last question (issue 14, point 4; decision 028). */
  editing: {
    note: 'Editing your last question. Sending replaces it and its reply.',
    cancel: 'Cancel edit',
  },
  speechNotSupported: { title: 'Not Supported', description: 'Speech recognition is not supported in this browser.' },
  speechFailed: { title: 'Speech Recognition Error', description: 'Unable to recognize speech. Please try again.' },
  /** A Free account's way back to its latest conversations, on the welcome card (issue 29, point 4; decision 059). */
  recentConversations: {
    title: 'Recent conversations',
    note: `Free keeps your ${FREE_RECENT_CONVERSATIONS} most recent conversations here. Premium adds full history and search.`,
  },
  /** The read-aloud button on each reply (issue 29, point 17). */
  readAloudReply: { read: 'Read aloud', stop: 'Stop reading' },
  readAloudNotSupported: { title: 'Audio Not Supported', description: 'Reading replies aloud is not supported in this browser.' },
  paymentSucceeded: (appName: string) => ({ title: 'Payment Successful!', description: `Welcome to ${appName} Premium! Every advisor, history and export are now yours.` }),
  checkoutCancelled: { title: 'Subscription Cancelled', description: 'Checkout was cancelled. You have not been charged.' },
  /** Why the upgrade dialog opened from the export menu. */
  exportIsPremium: 'Export is part of Premium.',
  /** Said to screen readers when a reply has been written. */
  replied: (advisor: string | null) => `${advisor ?? 'Your advisor'} replied.`,
  /**
   * A free account out of today's interactions (issue 14, defect 7; decision 028): said before anything
   * is sent, with when they come back. `when` is e.g. "tomorrow at 1:00 AM", in the reader's time.
   */
  limitReached: {
    title: `You've used today's ${FREE_DAILY_INTERACTIONS} free interactions`,
    renews: (when: string) => `Your free interactions renew ${when}.`,
    upgrade: 'Upgrade to Premium for unlimited conversations.',
    placeholder: (when: string) => `Daily limit reached. Renews ${when}.`,
  },
  /** The reader scrolled up from the end (issue 14, defect 9). */
  jumpToLatest: { label: 'Jump to latest', arriving: (advisor: string) => `${advisor} is still writing` },
  /** The shortcuts dialog, opened with "?" (issue 14, point 4). `keys` are pressed together. */
  shortcuts: {
    title: 'Keyboard shortcuts',
    description: 'Outside the message box, unless said otherwise.',
    list: [
      { keys: ['Ctrl', 'Shift', 'O'], action: 'Start a new conversation' },
      { keys: ['Ctrl', 'Shift', '.'], action: 'Show or hide the conversations sidebar' },
      { keys: ['/'], action: 'Focus the message box' },
      { keys: ['Enter'], action: 'Send (in the message box)' },
      { keys: ['Shift', 'Enter'], action: 'New line (in the message box)' },
      { keys: ['Esc'], action: 'Stop the reply being written' },
      { keys: ['?'], action: 'Show these shortcuts' },
    ],
    macNote: 'On a Mac, use ⌘ for Ctrl.',
  },
  /** The header's title before a conversation exists (issue 14, point 7). */
  newConversationTitle: 'New conversation',
  /** The chat header's buttons that a phone folds into one menu (decision 039). */
  header: {
    more: 'More actions',
    readAloud: 'Read replies aloud',
    readAloudOn: 'Reading replies aloud: on',
    readAloudOff: 'Reading replies aloud: off',
  },
  loadFailedTitle: 'This conversation could not be loaded.',
  loadFailedText: 'Check your connection and try again.',
} as const;

export const MAX_MESSAGE_LENGTH = 8000;
export const MAX_TITLE_LENGTH = 200;
export const MAX_DOCUMENTS_PER_MESSAGE = 10;
export const MAX_MESSAGES_PAGE = 100;

export function defaultSessionTitle(executiveRole: string, industry: string): string {
  return `Chat with ${executiveRole} - ${industry}`;
}

export interface ChatContext {
  executiveRole: string;
  industry: string;
  userRole: string;
}

/** The system message a mid-conversation context change leaves in the transcript; null when nothing changed. */
export function contextChangeNote(before: ChatContext, after: ChatContext): string | null {
  const sentences: string[] = [];
  if (before.executiveRole !== after.executiveRole) sentences.push(`Switched advisor from ${before.executiveRole} to ${after.executiveRole}.`);
  if (before.industry !== after.industry) sentences.push(`Industry changed from ${before.industry} to ${after.industry}.`);
  if (before.userRole !== after.userRole) sentences.push(`Your role changed from ${before.userRole} to ${after.userRole}.`);
  return sentences.length ? sentences.join(' ') : null;
}

export const chatMessageRoles = ['user', 'assistant', 'system'] as const;
/** An assistant reply is 'streaming' until it ends complete, stopped by the user, or failed; user and system messages are 'complete'. */
export const chatMessageStatuses = ['streaming', 'complete', 'failed', 'stopped'] as const;
export type ChatMessageStatus = (typeof chatMessageStatuses)[number];
export const streamEventNames = ['snapshot', 'delta', 'done', 'error'] as const;
