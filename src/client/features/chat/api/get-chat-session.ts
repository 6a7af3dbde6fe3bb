import { queryOptions } from '@tanstack/react-query';
import type { ChatSessionDto } from '#contract/chat.ts';
import { api } from '#client/lib/api-client.ts';
import { chatKeys } from './chat-cache.ts';

export function getChatSession(id: string, signal?: AbortSignal) {
  return api.get<ChatSessionDto>(`/api/chat-sessions/${encodeURIComponent(id)}`, { signal });
}

/** Dropped as soon as no screen shows it, so reopening a conversation later reads it fresh. */
export const chatSessionQueryOptions = (id: string) =>
  queryOptions({ queryKey: chatKeys.session(id), queryFn: ({ signal }) => getChatSession(id, signal), gcTime: 0 });
