import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PublicUser } from '#contract/auth.ts';
import { defaultSessionTitle, type ChatContext, type ChatMessageDto } from '#contract/chat.ts';
import { errorCatalog } from '#contract/errors.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { notify } from '#client/lib/notify.ts';
import { chatKeys, mergeMessages, setSession, updateMessages } from '../api/chat-cache.ts';
import { createChatSession } from '../api/create-chat-session.ts';
import { chatSessionQueryOptions } from '../api/get-chat-session.ts';
import { useChatUsage } from '../api/get-chat-usage.ts';
import { messagesQueryOptions } from '../api/list-messages.ts';
import { sendUserMessage } from '../api/send-message.ts';
import { updateChatContext } from '../api/update-chat-context.ts';
import { canChangeContext, hasConversationStarted, isUpgradeError, startingContext } from '../logic/chat-rules.ts';

export interface PendingMessage {
  id: string;
  content: string;
}

interface Options {
  user: PublicUser;
  sessionId: string | null;
  openSession: (id: string | null, options?: { replace?: boolean }) => void;
  /** Opens the upgrade dialog, saying why. */
  onUpgrade: (reason?: string) => void;
}

const fail = (description: string) => notify({ title: 'Error', description, variant: 'destructive' });

/** A 404 (or a malformed id) when opening a conversation: it is gone, start a new one. */
export function isConversationMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * One conversation on the chat screen: its session and transcript from the server, the context
 * (advisor, industry, own role) before a session exists, sending, and context changes.
 */
export function useChatConversation({ user, sessionId, openSession, onUpgrade }: Options) {
  const queryClient = useQueryClient();
  const usage = useChatUsage();
  const sessionQuery = useQuery({ ...chatSessionQueryOptions(sessionId ?? ''), enabled: !!sessionId });
  const messagesQuery = useQuery({ ...messagesQueryOptions(sessionId ?? ''), enabled: !!sessionId });
  const [draftContext, setDraftContext] = useState<ChatContext>(() => startingContext(user));
  const [pending, setPending] = useState<PendingMessage | null>(null);
  const sending = useRef(false);

  const session = sessionId ? sessionQuery.data : undefined;
  const context: ChatContext = useMemo(
    () => (session ? { executiveRole: session.executiveRole, industry: session.industry, userRole: session.userRole } : draftContext),
    [session, draftContext],
  );
  const loaded = messagesQuery.data?.messages;
  const messages: ChatMessageDto[] = useMemo(() => (sessionId && loaded ? loaded : []), [sessionId, loaded]);
  const streaming = [...messages].reverse().find((m) => m.role === 'assistant' && m.status === 'streaming') ?? null;
  const started = hasConversationStarted(messages) || pending !== null;
  const isPremium = user.isPremium;

  // Spec section 8: a conversation that cannot be found is announced, and a new one starts.
  const missing = sessionId && (isConversationMissing(sessionQuery.error) || isConversationMissing(messagesQuery.error));
  useEffect(() => {
    if (!missing) return;
    notify({ title: 'Conversation not found', description: 'It may have expired; starting a new one.', variant: 'destructive' });
    openSession(null, { replace: true });
  }, [missing, openSession]);

  const startNew = useCallback(() => {
    setDraftContext(startingContext(user));
    setPending(null);
    if (sessionId) openSession(null);
  }, [openSession, sessionId, user]);

  const send = useCallback(
    async (content: string): Promise<boolean> => {
      const text = content.trim();
      if (!text || sending.current || streaming) return false;
      const today = usage.data;
      if (today && !today.isPremium && today.interactionsLimit >= 0 && today.interactionsUsed >= today.interactionsLimit) {
        onUpgrade(errorCatalog['rate_limit:interactions'].message);
        return false;
      }
      sending.current = true;
      setPending({ id: `temp-${Date.now()}`, content: text });
      const refused = (error: unknown, description: string) => {
        setPending(null);
        if (isUpgradeError(error)) onUpgrade((error as Error).message);
        else fail(description);
        return false;
      };
      try {
        let id = sessionId;
        if (!id) {
          try {
            const created = await createChatSession({
              userId: user.id,
              ...context,
              title: defaultSessionTitle(context.executiveRole, context.industry),
            });
            id = created.id;
            // Seeded, so opening the new conversation reads nothing back.
            setSession(queryClient, created);
            queryClient.setQueryData(chatKeys.messages(id), { messages: [], hasMore: false });
            openSession(id, { replace: true });
          } catch (error) {
            return refused(error, 'Failed to create chat session');
          }
        }
        try {
          const sent = await sendUserMessage(id, { content: text, userRole: context.userRole });
          updateMessages(queryClient, id, (list) => mergeMessages(list, [sent.systemMessage, sent.userMessage, sent.assistantMessage]));
          setPending(null);
          return true;
        } catch (error) {
          return refused(error, 'Failed to send message');
        } finally {
          void queryClient.invalidateQueries({ queryKey: chatKeys.usage(user.id) });
        }
      } finally {
        sending.current = false;
      }
    },
    [context, onUpgrade, openSession, queryClient, sessionId, streaming, usage.data, user.id],
  );

  const changeContext = useCallback(
    async (change: Partial<ChatContext>) => {
      if (!canChangeContext(isPremium, started)) {
        onUpgrade(errorCatalog['forbidden:context'].message);
        return;
      }
      if (!session) {
        setDraftContext((current) => ({ ...current, ...change }));
        return;
      }
      const before = session;
      setSession(queryClient, { ...session, ...change });
      try {
        const result = await updateChatContext(session.id, change);
        setSession(queryClient, result.session);
        setDraftContext({ executiveRole: result.session.executiveRole, industry: result.session.industry, userRole: result.session.userRole });
        if (result.systemMessage) updateMessages(queryClient, session.id, (list) => mergeMessages(list, [result.systemMessage]));
      } catch (error) {
        setSession(queryClient, before);
        if (isUpgradeError(error)) onUpgrade((error as Error).message);
        else fail('Failed to update conversation context');
      }
    },
    [isPremium, onUpgrade, queryClient, session, started],
  );

  const loading = !!sessionId && !missing && (sessionQuery.isPending || messagesQuery.isPending);
  const loadError = !!sessionId && !missing && (sessionQuery.isError || messagesQuery.isError);
  const reload = useCallback(() => {
    void sessionQuery.refetch();
    void messagesQuery.refetch();
  }, [sessionQuery, messagesQuery]);

  return {
    session,
    context,
    messages,
    hasMore: messagesQuery.data?.hasMore ?? false,
    pending,
    streaming,
    started,
    usage: usage.data,
    loading,
    loadError,
    reload,
    send,
    changeContext,
    startNew,
  };
}
