import type { SendUserMessageResponse } from '#contract/chat.ts';
import { api } from '#client/lib/api-client.ts';

/** The reply's question asked again of another executive (Premium): the switch's note, the question and its new reply. */
export function askAnotherExecutive(sessionId: string, replyId: string, executiveRole: string) {
  return api.post<SendUserMessageResponse>(`/api/chat-sessions/${encodeURIComponent(sessionId)}/messages/${encodeURIComponent(replyId)}/second-opinion`, { executiveRole });
}
