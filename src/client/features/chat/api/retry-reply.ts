import type { ChatMessageDto } from '#contract/chat.ts';
import { api } from '#client/lib/api-client.ts';

/** Writes a failed or stopped reply again into the same message, which comes back 'streaming'. */
export function retryReply(sessionId: string, messageId: string) {
  return api.post<{ message: ChatMessageDto }>(`/api/chat-sessions/${encodeURIComponent(sessionId)}/messages/${encodeURIComponent(messageId)}/retry`);
}
