import type { ChatSessionDto, CreateChatSessionInput } from '#contract/chat.ts';
import { api } from '#client/lib/api-client.ts';

/** Role and industry come from the selectors as plain strings; the server validates them against the lists. */
type Loose<T> = { [K in keyof T]: T[K] extends string | undefined ? string | Extract<T[K], undefined> : T[K] };

export function createChatSession(input: Loose<CreateChatSessionInput>) {
  return api.post<ChatSessionDto>('/api/chat-sessions', input);
}
