import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { chatText, type ChatContext } from '#contract/chat-text.ts';
import type { ChatSessionDto } from '#contract/chat.ts';
import { errorCatalog } from '#contract/errors-text.ts';
import { mergeMessages, setSession, updateMessages } from '../api/chat-cache.ts';
import { updateChatContext } from '../api/update-chat-context.ts';
import { canChangeContext } from '../logic/chat-rules.ts';
import { notifyFailure, type ShowUpgrade } from '../notify-failure.ts';

interface Options {
  session: ChatSessionDto | undefined;
  isPremium: boolean;
  started: boolean;
  /** The context a conversation not yet created will start with. */
  setDraftContext: (update: (current: ChatContext) => ChatContext) => void;
  onUpgrade: ShowUpgrade;
}

/**
 * The selectors (spec section 4): before a conversation exists they only change what it will start
 * with; afterwards (Premium, or a free conversation not yet started) the change is saved, shown at
 * once and put back if the server refuses it, with the system note it leaves in the transcript.
 */
export function useChangeContext({ session, isPremium, started, setDraftContext, onUpgrade }: Options) {
  const queryClient = useQueryClient();

  const { mutate: saveContext } = useMutation({
    mutationFn: ({ before, change }: { before: ChatSessionDto; change: Partial<ChatContext> }) => updateChatContext(before.id, change),
    onMutate: ({ before, change }) => setSession(queryClient, { ...before, ...change }),
    onSuccess: (result) => {
      setSession(queryClient, result.session);
      setDraftContext(() => ({ executiveRole: result.session.executiveRole, industry: result.session.industry, userRole: result.session.userRole }));
      if (result.systemMessage) updateMessages(queryClient, result.session.id, (list) => mergeMessages(list, [result.systemMessage]));
    },
    onError: (error, { before }) => {
      setSession(queryClient, before);
      notifyFailure(error, chatText.contextChangeFailed, onUpgrade);
    },
  });

  return useCallback(
    (change: Partial<ChatContext>) => {
      if (!canChangeContext(isPremium, started)) onUpgrade(errorCatalog['forbidden:context'].message);
      else if (!session) setDraftContext((current) => ({ ...current, ...change }));
      else saveContext({ before: session, change });
    },
    [isPremium, onUpgrade, saveContext, session, setDraftContext, started],
  );
}
