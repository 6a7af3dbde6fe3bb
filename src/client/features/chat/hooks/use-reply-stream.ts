import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import type { ChatMessageDto } from '#contract/chat.ts';
import { holdReload } from '#client/lib/reload-guard.ts';
import { chatKeys, readMessages, updateMessage } from '../api/chat-cache.ts';
import { followReplyStream } from '../api/follow-reply-stream.ts';
import { createReplyBatch } from '../logic/reply-batch.ts';

/**
 * Follows the reply being written (the assistant message with status 'streaming') and writes each
 * event into the cached transcript, so tokens render as they arrive (at most one write per
 * STREAM_RENDER_INTERVAL_MS: reply-batch.ts). Works the same for a reply
 * just asked for and for one found still streaming when a conversation is reopened.
 */
export function useReplyStream(sessionId: string | null, messageId: string | null, onFinished: (message: ChatMessageDto) => void) {
  const queryClient = useQueryClient();
  // Bumped to follow the same message again after the connection was given up and the transcript reread.
  const [attempt, setAttempt] = useState(0);
  const finished = useEffectEvent(onFinished);

  // Back online: follow the reply again at once (it resumes from the text already on screen).
  useEffect(() => {
    const resume = () => setAttempt((n) => n + 1);
    window.addEventListener('online', resume);
    return () => window.removeEventListener('online', resume);
  }, []);

  useEffect(() => {
    if (!sessionId || !messageId) return;
    const controller = new AbortController();
    // A new version waits for this reply to finish before the page reloads.
    const release = holdReload();
    controller.signal.addEventListener('abort', release);
    const current = () => readMessages(queryClient, sessionId).find((m) => m.id === messageId);
    const batch = createReplyBatch(
      () => current() ?? null,
      (update) => updateMessage(queryClient, sessionId, messageId, update),
    );
    // Leaving (another conversation, a reconnect) keeps the text already received.
    controller.signal.addEventListener('abort', batch.flush);

    void followReplyStream({
      sessionId,
      messageId,
      signal: controller.signal,
      heldLength: () => batch.latest()?.content.length ?? 0,
      onEvent: batch.push,
    }).then(async (result) => {
      if (controller.signal.aborted) return;
      batch.flush();
      release();
      if (result === 'finished') {
        const message = current();
        if (message) finished(message);
        return;
      }
      // Refused or unreachable: reread the transcript to learn how the reply ended (or that it is gone).
      await queryClient.refetchQueries({ queryKey: chatKeys.messages(sessionId), exact: true }).catch(() => {});
      if (!controller.signal.aborted && result === 'gave-up' && current()?.status === 'streaming') setTimeout(() => setAttempt((n) => n + 1), 5000);
    });
    return () => controller.abort();
  }, [queryClient, sessionId, messageId, attempt]);
}
