import type { DeleteChatSessionsResponse } from '#contract/history.ts';
import { api } from '#client/lib/api-client.ts';

export function deleteChatSession(sessionId: string) {
  return api.delete<DeleteChatSessionsResponse>(`/api/chat-sessions/${encodeURIComponent(sessionId)}`);
}
