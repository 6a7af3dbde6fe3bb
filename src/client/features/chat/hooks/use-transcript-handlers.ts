import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { chatText } from '#contract/chat-text.ts';
import type { ChatMessageDto } from '#contract/chat.ts';
import type { useMessageActions } from './use-message-actions.ts';
import { stopReading, toggleReading } from './use-read-reply.ts';

interface TranscriptHandlersOptions {
  sessionId: string | null;
  actions: ReturnType<typeof useMessageActions>;
  /** Saves a reply as a decision (the decisions feature's slot; absent without it). */
  saveDecision: ((message: ChatMessageDto) => void) | undefined;
  isPremium: boolean;
  showUpgrade: (reason?: string) => void;
  setDraft: (draft: string) => void;
}

/**
 * What a message's own buttons do in the transcript, and the state they open: Delete asks first (issue
 * 14, defect 8: `toDelete` holds the message until the confirmation deletes it); Edit and resend (issue
 * 14, point 4) puts the question back in the composer, and the edit belongs to its conversation (opening
 * another one leaves it); a second opinion follows the new question and reply to the end
 * (`scrollToEnd`, set once the transcript's scroller exists); a reply read aloud stops when another
 * conversation opens or the screen goes.
 */
export function useTranscriptHandlers({ sessionId, actions, saveDecision, isPremium, showUpgrade, setDraft }: TranscriptHandlersOptions) {
  const scrollToEnd = useRef<() => void>(() => {});
  const [toDelete, setToDelete] = useState<ChatMessageDto | null>(null);
  const [editTarget, setEditing] = useState<ChatMessageDto | null>(null);
  const editing = editTarget && editTarget.sessionId === sessionId ? editTarget : null;
  useEffect(() => stopReading, [sessionId]);
  const handlers = useMemo(
    () => ({
      ...actions,
      remove: setToDelete,
      saveDecision,
      readAloud: toggleReading,
      secondOpinion: {
        premium: isPremium,
        ask: (message: ChatMessageDto, executiveRole: string) => {
          scrollToEnd.current();
          actions.askAnother(message, executiveRole);
        },
        showUpgrade: () => showUpgrade(chatText.secondOpinion.isPremium),
      },
      edit: (message: ChatMessageDto) => {
        setEditing(message);
        setDraft(message.content);
        document.getElementById('chat-input')?.focus();
      },
    }),
    [actions, showUpgrade, isPremium, saveDecision, setDraft],
  );
  const endEdit = useCallback(() => setEditing(null), []);
  const cancelEdit = useCallback(() => {
    setEditing(null);
    setDraft('');
  }, [setDraft]);
  return { handlers, scrollToEnd, toDelete, setToDelete, editing, endEdit, cancelEdit };
}
