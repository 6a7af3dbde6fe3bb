import type { ChatContext, UpdateChatContextResponse } from '#contract/chat.ts';
import { api } from '#client/lib/api-client.ts';

/** Mid-conversation changes (Premium) come back with the system note they left in the transcript. The server validates the values. */
export function updateChatContext(sessionId: string, input: Partial<ChatContext>) {
  return api.put<UpdateChatContextResponse>(`/api/chat-sessions/${encodeURIComponent(sessionId)}/context`, input);
}
