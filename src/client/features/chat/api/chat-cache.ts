import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessageDto, ChatSessionDto, ListMessagesResponse } from '#contract/chat.ts';

/** Query keys of the chat feature; the session and message keys are the URLs they read. */
export const chatKeys = {
  session: (id: string) => ['/api/chat-sessions', id] as const,
  messages: (id: string) => ['/api/chat-sessions', id, 'messages'] as const,
  usage: (userId: string) => ['/api/chat/usage', userId] as const,
};

/**
 * The cached transcript of a conversation is the client's live copy: sends, stream events,
 * feedback and deletions change it in place (it is never refetched while a reply streams).
 */
export function updateMessages(queryClient: QueryClient, sessionId: string, update: (messages: ChatMessageDto[]) => ChatMessageDto[]): void {
  queryClient.setQueryData<ListMessagesResponse>(chatKeys.messages(sessionId), (current) =>
    current ? { ...current, messages: update(current.messages) } : current,
  );
}

export function updateMessage(queryClient: QueryClient, sessionId: string, messageId: string, update: (message: ChatMessageDto) => ChatMessageDto): void {
  updateMessages(queryClient, sessionId, (messages) => messages.map((m) => (m.id === messageId ? update(m) : m)));
}

export function readMessages(queryClient: QueryClient, sessionId: string): ChatMessageDto[] {
  return queryClient.getQueryData<ListMessagesResponse>(chatKeys.messages(sessionId))?.messages ?? [];
}

/** Adds messages the server returned, replacing any with the same id, in time order. */
export function mergeMessages(messages: ChatMessageDto[], added: (ChatMessageDto | null | undefined)[]): ChatMessageDto[] {
  const fresh = added.filter((m): m is ChatMessageDto => !!m);
  const ids = new Set(fresh.map((m) => m.id));
  return [...messages.filter((m) => !ids.has(m.id)), ...fresh].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
}

export function setSession(queryClient: QueryClient, session: ChatSessionDto): void {
  queryClient.setQueryData(chatKeys.session(session.id), session);
}
