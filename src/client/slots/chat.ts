import type { ReactNode } from 'react';
import type { PublicUser } from '#contract/auth.ts';
import type { ChatContext, ChatMessageDto, ChatSessionDto, ChatUsage } from '#contract/chat.ts';

/**
 * The chat screen's slots (issue 30: one module, declared once): what the chat feature asks of the
 * features composed around it (the history's sidebar, the documents' attachments, the roundtables, the
 * decision log, the company memory). Client features do not import each other, so the app layer (app/pages/chat-page.tsx)
 * passes each feature's hook in, and each hook is typed against the slot here; without one the chat
 * uses the `useNo...` default and that part is simply absent.
 */

/** Shows the upgrade dialog, with the reason the server gave (a limit reached), if any. */
export type ShowUpgrade = (reason?: string) => void;

/**
 * The conversation sidebar as the chat screen uses it (issue 14, point 2; decision 033). It belongs to
 * the history feature (its list, search and delete are /history's), and client features do not
 * import each other, so the app layer (app/pages/chat-page.tsx) passes that feature's hook in;
 * without one the chat has no sidebar.
 */
export interface ChatSidebar {
  /** Beside the conversation: the column on large screens, the drawer (when open) on small ones. */
  panel: ReactNode;
  /** In the header on small screens: opens the drawer. */
  headerButton: ReactNode;
  /** The keyboard shortcut: folds or unfolds the column, or opens and closes the drawer. */
  toggle: () => void;
}

export interface ChatSidebarOptions {
  user: PublicUser;
  /** The conversation shown (highlighted in the list); null for a new one. */
  sessionId: string | null;
  /** Its title as the header shows it: a generated title reaches the list as soon as the header has it. */
  title: string;
  /** A reply is being written: when it ends, the list is read again (the conversation moves to the top). */
  replying: boolean;
  onNewConversation: () => void;
  /** A rename was saved: the chat shows the new title. */
  onSessionRenamed: (session: ChatSessionDto) => void;
  /** Standard users: the upgrade dialog. */
  onUpgrade: () => void;
}

export type UseChatSidebar = (options: ChatSidebarOptions) => ChatSidebar;

const noSidebar: ChatSidebar = { panel: null, headerButton: null, toggle: () => {} };

export const useNoSidebar: UseChatSidebar = () => noSidebar;

/**
 * Document attachments as the chat screen uses them. They belong to the documents feature, and
 * client features do not import each other, so the app layer (app/pages/chat-page.tsx) passes that
 * feature's hook in; without one the composer has no attach button.
 */
export interface ChatAttachments {
  /** The attach button, in the composer's toolbar. */
  button: ReactNode;
  /** The staged documents list (and the upload dialog), above the input. */
  panel: ReactNode;
  uploading: boolean;
  staged: boolean;
  /** The send's before-send step (SendSteps.beforeSend): the document ids to send with it ([] when none), or null when the upload failed and the message must not go. */
  upload: (sessionId: string) => Promise<string[] | null>;
  /** The documents a message was sent with. */
  renderMessageDocuments: (message: { sessionId: string; documentIds: string[] }) => ReactNode;
}

export interface ChatAttachmentsOptions {
  usage: Pick<ChatUsage, 'isPremium' | 'attachmentsUsed' | 'attachmentsLimit'> | undefined;
  onUpgrade: ShowUpgrade;
  executiveRole: string;
  industry: string;
  /** What another feature offers beside each analysed document of a message (the memory's "Pin to company"). */
  renderDocumentAction?: RenderDocumentAction;
}

/** A document attached to the conversation, analysed, as another feature may act on it. */
export interface AttachedDocument {
  id: string;
  name: string;
}

/** An action beside an analysed document's chip in the transcript (decision 087: pin it to the company). */
export type RenderDocumentAction = (document: AttachedDocument) => ReactNode;

export type UseChatAttachments = (options: ChatAttachmentsOptions) => ChatAttachments;

const noAttachments: ChatAttachments = { button: null, panel: null, uploading: false, staged: false, upload: async () => [], renderMessageDocuments: () => null };

export const useNoAttachments: UseChatAttachments = () => noAttachments;

/**
 * Roundtables as the chat screen uses them (decision 026). They belong to the roundtable feature,
 * and client features do not import each other, so the app layer (app/pages/chat-page.tsx) passes
 * that feature's hook in; without one the chat has 1-on-1 only.
 */
export interface ChatRoundtables {
  /** The format choice (1-on-1, roundtable, head-to-head), on the composer's context line. */
  formatSwitch: ReactNode;
  /** For a table, its seats and whom a follow-up is for; above the composer. */
  panel: ReactNode;
  /** The composer convenes a table instead of asking the advisor. */
  active: boolean;
  /** Convenes the table on this question in the conversation: its question as a message of the transcript, or null when it did not start. */
  convene: (sessionId: string, question: string) => Promise<ChatMessageDto | null>;
  /** A table of this conversation is in session: the composer offers Stop. */
  running: boolean;
  stop: () => void;
  /** What the composer says in place of "Ask your advisor". */
  placeholder: string | null;
  /** The whole table, where its question sits in the transcript. */
  renderTable: (roundtableId: string) => ReactNode;
  /** Changes as the running table grows, so the transcript keeps to the bottom while it speaks. */
  progress: string;
}

export interface ChatRoundtablesOptions {
  sessionId: string | null;
  context: ChatContext;
  isPremium: boolean;
  onUpgrade: ShowUpgrade;
}

export type UseChatRoundtables = (options: ChatRoundtablesOptions) => ChatRoundtables;

const noRoundtables: ChatRoundtables = { formatSwitch: null, panel: null, active: false, convene: async () => null, running: false, stop: () => {}, placeholder: null, renderTable: () => null, progress: '' };

export const useNoRoundtables: UseChatRoundtables = () => noRoundtables;

/**
 * The decision log as the chat screen uses it (decision 034). It belongs to the decisions feature, and
 * client features do not import each other, so the app layer (app/pages/chat-page.tsx) passes that
 * feature's hook in; without one the chat has no decision log.
 */
export interface ChatDecisions {
  /** The header's "Decisions" button, which opens the panel. */
  headerButton: ReactNode;
  /** Opens the panel (the phone header's menu item; null: no decision log). */
  openPanel: (() => void) | null;
  /** "Save decision" on a finished reply (undefined: no such action). */
  save?: (message: ChatMessageDto) => void;
  /** What the welcome card asks when a follow-up day has come ("How did it go?"), or null. */
  followUp: ReactNode;
  /** The save dialog and the panel, mounted once. */
  dialogs: ReactNode;
}

export interface ChatDecisionsOptions {
  isPremium: boolean;
  onUpgrade: ShowUpgrade;
  /** Shows a conversation (the source of a decision, or its follow-up). */
  openSession: (sessionId: string) => void;
}

export type UseChatDecisions = (options: ChatDecisionsOptions) => ChatDecisions;

const noDecisions: ChatDecisions = { headerButton: null, openPanel: null, followUp: null, dialogs: null };

export const useNoDecisions: UseChatDecisions = () => noDecisions;

/**
 * Company memory as the chat screen uses it (decision 073). It belongs to the memory feature, and client
 * features do not import each other, so the app layer (app/pages/chat-page.tsx) passes that feature's
 * hook in; without one the chat shows nothing of it.
 */
export interface ChatMemory {
  /** The welcome card's line: what the advisor knows of the company, at a glance. */
  knows: ReactNode;
  /** "Remember this?" under a finished reply. */
  renderAfterReply: ((message: ChatMessageDto) => ReactNode) | undefined;
  /** "Pin to company" (or "Unpin") beside an analysed document in the transcript (decision 087). */
  renderDocumentAction: RenderDocumentAction | undefined;
}

export interface ChatMemoryOptions {
  sessionId: string | null;
  isPremium: boolean;
  onUpgrade: ShowUpgrade;
  /** The id of the reply being written (proposals come after it ends). */
  streamingId: string | null;
}

export type UseChatMemory = (options: ChatMemoryOptions) => ChatMemory;

const noMemory: ChatMemory = { knows: null, renderAfterReply: undefined, renderDocumentAction: undefined };

export const useNoMemory: UseChatMemory = () => noMemory;
