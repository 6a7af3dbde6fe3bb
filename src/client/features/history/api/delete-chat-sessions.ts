import { MAX_SESSIONS_PER_DELETE, type DeleteChatSessionsResponse } from '#contract/history.ts';
import { api } from '#client/lib/api-client.ts';

/** Deletes the given conversations, in batches the server accepts; answers how many went. */
export async function deleteChatSessions(userId: string, sessionIds: string[]): Promise<DeleteChatSessionsResponse> {
  let deletedCount = 0;
  for (let i = 0; i < sessionIds.length; i += MAX_SESSIONS_PER_DELETE) {
    const batch = sessionIds.slice(i, i + MAX_SESSIONS_PER_DELETE);
    const result = await api.delete<DeleteChatSessionsResponse>(`/api/users/${encodeURIComponent(userId)}/chat-sessions`, { sessionIds: batch });
    deletedCount += result.deletedCount;
  }
  return { deletedCount };
}
