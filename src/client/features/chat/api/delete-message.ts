import type { DeleteMessageResponse } from '#contract/chat.ts';
import { api } from '#client/lib/api-client.ts';

/** Deletes a message (a question with its reply); answers the ids that went. */
export function deleteMessage(messageId: string) {
  return api.delete<DeleteMessageResponse>(`/api/messages/${encodeURIComponent(messageId)}`);
}
