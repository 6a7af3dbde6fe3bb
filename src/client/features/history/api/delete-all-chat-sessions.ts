import type { DeleteChatSessionsResponse } from '#contract/history.ts';
import { api } from '#client/lib/api-client.ts';

/** Every conversation of the user, in one call: the server deletes them in one statement and says how many went. */
export function deleteAllChatSessions(userId: string) {
  return api.delete<DeleteChatSessionsResponse>(`/api/users/${encodeURIComponent(userId)}/chat-sessions`, { all: true });
}
