import type { ChatMessageDto } from '#contract/chat.ts';

/** A chat message as the API returns it: a finished CFO reply to a CEO in conversation s1, unless overridden. */
export function chatMessage(overrides: Partial<ChatMessageDto> = {}): ChatMessageDto {
  return {
    id: 'm1',
    sessionId: 's1',
    role: 'assistant',
    content: '',
    userRole: 'CEO',
    executiveRole: 'CFO',
    documentIds: [],
    like: null,
    dislike: null,
    timestamp: '2026-01-01T00:00:00.000Z',
    status: 'complete',
    model: null,
    promptTokens: null,
    completionTokens: null,
    error: null,
    ...overrides,
  };
}
