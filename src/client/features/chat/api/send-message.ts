import type { ChatMessageDto, SendMessageInput } from '#contract/chat.ts';
import { api } from '#client/lib/api-client.ts';

export interface SentUserMessage {
  userMessage: ChatMessageDto;
  assistantMessage: ChatMessageDto;
  systemMessage: ChatMessageDto | null;
}

/** A user message: the answer holds it and the reply being written (status 'streaming'). */
export function sendUserMessage(sessionId: string, input: Omit<SendMessageInput, 'role' | 'userRole'> & { userRole?: string | null }) {
  return api.post<SentUserMessage>(`/api/chat-sessions/${encodeURIComponent(sessionId)}/messages`, { ...input, role: 'user' });
}
