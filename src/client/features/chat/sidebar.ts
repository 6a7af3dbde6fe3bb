import type { ReactNode } from 'react';
import type { PublicUser } from '#contract/auth.ts';
import type { ChatSessionDto } from '#contract/chat.ts';

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

const none: ChatSidebar = { panel: null, headerButton: null, toggle: () => {} };

export const useNoSidebar: UseChatSidebar = () => none;
