import { queryOptions } from '@tanstack/react-query';
import type { ListMessagesResponse } from '#contract/chat.ts';
import { DISPLAYED_MESSAGES } from '#contract/limits.ts';
import { api } from '#client/lib/api-client.ts';
import { chatKeys } from './chat-cache.ts';

/** The latest page of a conversation, or the page before a message id. */
export function listMessages(sessionId: string, options: { before?: string; signal?: AbortSignal } = {}) {
  const query = new URLSearchParams({ limit: String(DISPLAYED_MESSAGES) });
  if (options.before) query.set('before', options.before);
  return api.get<ListMessagesResponse>(`/api/chat-sessions/${encodeURIComponent(sessionId)}/messages?${query}`, { signal: options.signal });
}

export const messagesQueryOptions = (sessionId: string) =>
  queryOptions({ queryKey: chatKeys.messages(sessionId), queryFn: ({ signal }) => listMessages(sessionId, { signal }), gcTime: 0 });
