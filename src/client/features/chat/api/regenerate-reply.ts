import type { ChatMessageDto } from '#contract/chat.ts';
import { api } from '#client/lib/api-client.ts';

/** Writes a finished reply again as a different take (a failed or stopped one is retried); it comes back 'streaming'. */
export function regenerateReply(sessionId: string, messageId: string) {
  return api.post<{ message: ChatMessageDto }>(`/api/chat-sessions/${encodeURIComponent(sessionId)}/messages/${encodeURIComponent(messageId)}/regenerate`);
}
