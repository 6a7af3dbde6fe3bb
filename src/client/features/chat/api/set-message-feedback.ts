import type { ChatMessageDto, MessageFeedbackInput } from '#contract/chat.ts';
import { api } from '#client/lib/api-client.ts';

export function setMessageFeedback(messageId: string, input: MessageFeedbackInput) {
  return api.patch<ChatMessageDto>(`/api/messages/${encodeURIComponent(messageId)}/feedback`, input);
}
