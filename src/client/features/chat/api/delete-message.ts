import { api } from '#client/lib/api-client.ts';

export function deleteMessage(messageId: string) {
  return api.delete<void>(`/api/messages/${encodeURIComponent(messageId)}`);
}
