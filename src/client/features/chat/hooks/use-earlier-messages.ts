import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { chatText } from '#contract/chat-text.ts';
import type { ChatMessageDto, ListMessagesResponse } from '#contract/chat.ts';
import { notify } from '#client/lib/notify.ts';
import { chatKeys, mergeMessages } from '../api/chat-cache.ts';
import { listMessages } from '../api/list-messages.ts';
import { loadEarlierStep, messageWindow } from '../logic/message-window.ts';

/** The latest 50 messages, and "Load earlier messages": first those already loaded, then older pages (?before=). */
export function useEarlierMessages(sessionId: string | null, messages: ChatMessageDto[], hasMore: boolean) {
  const queryClient = useQueryClient();
  const [revealed, setRevealed] = useState({ sessionId, count: 0 });
  const [loading, setLoading] = useState(false);
  // A different conversation starts at the latest 50 again.
  const count = revealed.sessionId === sessionId ? revealed.count : 0;
  const { visible, hiddenCount } = messageWindow(messages, count);

  const loadEarlier = useCallback(async () => {
    const step = loadEarlierStep(hiddenCount, hasMore);
    if (!step || !sessionId) return;
    if ('reveal' in step) {
      setRevealed({ sessionId, count: count + step.reveal });
      return;
    }
    const oldest = messages[0];
    if (!oldest) return;
    setLoading(true);
    try {
      const page = await listMessages(sessionId, { before: oldest.id });
      queryClient.setQueryData<ListMessagesResponse>(chatKeys.messages(sessionId), (current) =>
        current ? { messages: mergeMessages(current.messages, page.messages), hasMore: page.hasMore } : current,
      );
      setRevealed({ sessionId, count: count + page.messages.length });
    } catch {
      notify({ ...chatText.earlierMessagesFailed, variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  }, [count, hasMore, hiddenCount, messages, queryClient, sessionId]);

  return { visible, hasEarlier: hiddenCount > 0 || hasMore, loadEarlier, loading };
}
