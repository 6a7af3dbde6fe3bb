import { useCallback, useMemo, useState } from 'react';
import type { PublicUser } from '#contract/auth.ts';
import type { ChatContext } from '#contract/chat.ts';
import { useChatUsage } from '../api/get-chat-usage.ts';
import { hasConversationStarted, startingContext } from '../logic/chat-rules.ts';
import type { ShowUpgrade } from '../notify-failure.ts';
import { useChangeContext } from './use-change-context.ts';
import { useConversationData } from './use-conversation-data.ts';
import { useSendMessage } from './use-send-message.ts';

interface Options {
  user: PublicUser;
  sessionId: string | null;
  openSession: (id: string | null, options?: { replace?: boolean }) => void;
  onUpgrade: ShowUpgrade;
}

/**
 * One conversation on the chat screen: what the server holds (useConversationData), the context
 * (advisor, industry, own role) it runs in or will start with, sending (useSendMessage) and context
 * changes (useChangeContext).
 */
export function useChatConversation({ user, sessionId, openSession, onUpgrade }: Options) {
  const usage = useChatUsage();
  const leaveMissing = useCallback(() => openSession(null, { replace: true }), [openSession]);
  const data = useConversationData(sessionId, leaveMissing);
  const [draftContext, setDraftContext] = useState<ChatContext>(() => startingContext(user));

  const { session } = data;
  const context: ChatContext = useMemo(
    () => (session ? { executiveRole: session.executiveRole, industry: session.industry, userRole: session.userRole } : draftContext),
    [session, draftContext],
  );

  const sender = useSendMessage({ userId: user.id, sessionId, context, replying: data.streaming !== null, usage: usage.data, openSession, onUpgrade });
  const started = hasConversationStarted(data.messages) || sender.pending !== null;
  const changeContext = useChangeContext({ session, isPremium: user.isPremium, started, setDraftContext, onUpgrade });

  const { clearPending } = sender;
  const startNew = useCallback(() => {
    setDraftContext(startingContext(user));
    clearPending();
    if (sessionId) openSession(null);
  }, [clearPending, openSession, sessionId, user]);

  return {
    ...data,
    context,
    pending: sender.pending,
    started,
    usage: usage.data,
    send: sender.send,
    changeContext,
    startNew,
  };
}
