import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { chatText, defaultSessionTitle, type ChatContext } from '#contract/chat-text.ts';
import type { ChatMessageDto, ChatUsage } from '#contract/chat.ts';
import { errorCatalog } from '#contract/errors-text.ts';
import { chatKeys, mergeMessages, setSession, updateMessages } from '../api/chat-cache.ts';
import { createChatSession } from '../api/create-chat-session.ts';
import { sendUserMessage } from '../api/send-message.ts';
import { isOutOfInteractions } from '../logic/chat-rules.ts';
import { notifyFailure, type ShowUpgrade } from '../notify-failure.ts';

/** The question as typed, shown at once with a temporary id until the server's saved copy replaces it. */
export interface PendingMessage {
  id: string;
  content: string;
}

interface Options {
  userId: string;
  sessionId: string | null;
  context: ChatContext;
  /** A reply is being written: nothing more is sent until it ends. */
  replying: boolean;
  usage: ChatUsage | undefined;
  /** Shows the conversation just created, in place of the empty one. */
  openSession: (id: string, options: { replace: true }) => void;
  onUpgrade: ShowUpgrade;
}

/**
 * How one question goes, given by whoever sends it (issue 30, point 5): `beforeSend` runs once the
 * conversation exists and before the message goes (documents upload the staged file there and answer
 * its ids, or null when it failed, decision 029); `via` sends the question another way (a roundtable
 * convened on it) and answers the saved question, or null.
 */
export interface SendSteps {
  beforeSend?: (sessionId: string) => Promise<string[] | null>;
  via?: (sessionId: string, question: string) => Promise<ChatMessageDto | null>;
}

/**
 * Sending a question (spec section 4), as two mutations run one after the other: with no
 * conversation yet, `createSession` makes one titled 'Chat with {executive} - {industry}'; then
 * `sendMessage` posts the question. The question shows at once as a pending message with a
 * temporary id; the server answers with the saved question and the reply it started, which replace
 * it in the cached transcript (docs/decisions/014-client-data-flow-and-test-users.md).
 */
export function useSendMessage({ userId, sessionId, context, replying, usage, openSession, onUpgrade }: Options) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingMessage | null>(null);
  // A second Enter before the first send has rendered must not send twice.
  const sending = useRef(false);

  const { mutateAsync: createSession } = useMutation({
    mutationFn: (input: ChatContext) => createChatSession({ userId, ...input, title: defaultSessionTitle(input.executiveRole, input.industry) }),
    onSuccess: (created) => {
      // Seeded, so opening the new conversation reads nothing back.
      setSession(queryClient, created);
      queryClient.setQueryData(chatKeys.messages(created.id), { messages: [], hasMore: false });
      openSession(created.id, { replace: true });
    },
    onError: (error) => notifyFailure(error, chatText.createSessionFailed, onUpgrade),
  });

  const { mutateAsync: sendMessage } = useMutation({
    mutationFn: (input: { sessionId: string; content: string; userRole: string; documentIds: string[] }) =>
      sendUserMessage(input.sessionId, { content: input.content, userRole: input.userRole, documentIds: input.documentIds }),
    onSuccess: (sent, input) => {
      // The saved question replaces the temporary one in the same render: never both on screen.
      setPending(null);
      updateMessages(queryClient, input.sessionId, (list) => mergeMessages(list, [sent.systemMessage, sent.userMessage, sent.assistantMessage]));
    },
    onError: (error) => notifyFailure(error, chatText.sendFailed, onUpgrade),
    // Sent or refused, today's counters may have moved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.usage(userId) }),
  });

  /** Answers whether the question went; when it did not, the composer gives the words back. */
  const send = useCallback(
    async (content: string, { beforeSend, via }: SendSteps = {}): Promise<boolean> => {
      const text = content.trim();
      if (!text || sending.current || replying) return false;
      // Free accounts out of today's interactions are offered the upgrade before anything is sent (the
      // composer is disabled then; the server refuses it anyway).
      if (isOutOfInteractions(usage)) {
        onUpgrade(errorCatalog['rate_limit:interactions'].message);
        return false;
      }
      sending.current = true;
      setPending({ id: `temp-${Date.now()}`, content: text });
      try {
        const id = sessionId ?? (await createSession(context)).id;
        if (via) {
          const question = await via(id, text);
          if (!question) return false;
          setPending(null);
          updateMessages(queryClient, id, (list) => mergeMessages(list, [question]));
          // The server named the conversation after the table ("Head-to-head: ..."): the header reads it again.
          void queryClient.invalidateQueries({ queryKey: chatKeys.session(id) });
          return true;
        }
        // Spec section 4: staged, uploaded, processed, analysis awaited, then the message goes with the ids.
        const documentIds = beforeSend ? await beforeSend(id) : [];
        if (documentIds === null) {
          // The upload failed: the temporary message goes (spec section 4), today's counters may have moved.
          void queryClient.invalidateQueries({ queryKey: chatKeys.usage(userId) });
          return false;
        }
        await sendMessage({ sessionId: id, content: text, userRole: context.userRole, documentIds });
        return true;
      } catch {
        // The mutation that failed has told the user why.
        return false;
      } finally {
        setPending(null);
        sending.current = false;
      }
    },
    [context, createSession, onUpgrade, queryClient, replying, sendMessage, sessionId, usage, userId],
  );

  const clearPending = useCallback(() => setPending(null), []);

  return { send, pending, clearPending };
}
