import type { ReactNode } from 'react';
import type { ChatMessageDto } from '#contract/chat.ts';
import type { ShowUpgrade } from './notify-failure.ts';

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

const none: ChatDecisions = { headerButton: null, openPanel: null, followUp: null, dialogs: null };

export const useNoDecisions: UseChatDecisions = () => none;
