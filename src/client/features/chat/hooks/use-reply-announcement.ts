import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { chatText } from '#contract/chat-text.ts';
import type { ChatMessageDto } from '#contract/chat.ts';
import { chatKeys } from '../api/chat-cache.ts';

/**
 * What happens when a reply has been written: today's counters are read again (a failed reply
 * gives its interaction back), and a complete one is announced to screen readers and read aloud
 * when that is on.
 */
export function useReplyAnnouncement(userId: string, speak: (text: string) => void) {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const onReplyFinished = useCallback(
    (message: ChatMessageDto) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.usage(userId) });
      if (message.status !== 'complete') return;
      setAnnouncement(chatText.replied(message.executiveRole));
      speak(message.content);
    },
    [queryClient, speak, userId],
  );
  return { announcement, onReplyFinished };
}
