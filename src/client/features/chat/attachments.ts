import type { ReactNode } from 'react';
import type { ChatUsage } from '#contract/chat.ts';
import type { ShowUpgrade } from './notify-failure.ts';

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
  /** Runs when a message is sent: the document ids to send with it ([] when none), or null when the upload failed and the message must not go. */
  upload: (sessionId: string) => Promise<string[] | null>;
  /** The documents a message was sent with. */
  renderMessageDocuments: (message: { sessionId: string; documentIds: string[] }) => ReactNode;
}

export interface ChatAttachmentsOptions {
  usage: Pick<ChatUsage, 'isPremium' | 'attachmentsUsed' | 'attachmentsLimit'> | undefined;
  onUpgrade: ShowUpgrade;
  executiveRole: string;
  industry: string;
}

export type UseChatAttachments = (options: ChatAttachmentsOptions) => ChatAttachments;

const none: ChatAttachments = { button: null, panel: null, uploading: false, staged: false, upload: async () => [], renderMessageDocuments: () => null };

export const useNoAttachments: UseChatAttachments = () => none;
