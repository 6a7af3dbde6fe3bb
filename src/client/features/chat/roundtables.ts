import type { ReactNode } from 'react';
import type { ChatContext, ChatMessageDto } from '#contract/chat.ts';
import type { ShowUpgrade } from './notify-failure.ts';

/**
 * Roundtables as the chat screen uses them (decision 026). They belong to the roundtable feature,
 * and client features do not import each other, so the app layer (app/pages/chat-page.tsx) passes
 * that feature's hook in; without one the chat has 1-on-1 only.
 */
export interface ChatRoundtables {
  /** The format choice (1-on-1, roundtable, head-to-head) and, for a table, its seats; above the composer. */
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

const none: ChatRoundtables = { panel: null, active: false, convene: async () => null, running: false, stop: () => {}, placeholder: null, renderTable: () => null, progress: '' };

export const useNoRoundtables: UseChatRoundtables = () => none;
