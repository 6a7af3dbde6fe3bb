import type { ChatSessionDto } from '#contract/chat.ts';
import { api } from '#client/lib/api-client.ts';

/** PATCH /api/chat-sessions/:id (decision 033): the owner's new title; the server trims it and answers the session. */
export function renameChatSession(sessionId: string, title: string) {
  return api.patch<ChatSessionDto>(`/api/chat-sessions/${encodeURIComponent(sessionId)}`, { title });
}
