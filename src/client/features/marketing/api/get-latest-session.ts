import { api } from '#client/lib/api-client.ts';

/** GET /api/users/{id}/latest-session: the user's most recent conversation, or null when there is none. */
export function getLatestSession(userId: string): Promise<{ id: string | null }> {
  return api.get<{ id: string | null }>(`/api/users/${encodeURIComponent(userId)}/latest-session`);
}
