import type { ChatDefaults } from '#contract/chat.ts';
import { api } from '#client/lib/api-client.ts';

/** Saved defaults (Premium): one field per call, so each failure can be named (spec section 8). */
export function updateChatDefaults(userId: string, input: Partial<Record<keyof ChatDefaults, string | null>>) {
  return api.put<ChatDefaults>(`/api/users/${encodeURIComponent(userId)}`, input);
}
