import type { ChatMessageDto } from '#contract/chat.ts';
import { api } from '#client/lib/api-client.ts';

/** Stops a reply being written; the answer is the reply with its partial text. */
export function stopReply(sessionId: string, messageId: string) {
  return api.post<{ message: ChatMessageDto }>(`/api/chat-sessions/${encodeURIComponent(sessionId)}/messages/${encodeURIComponent(messageId)}/stop`);
}
