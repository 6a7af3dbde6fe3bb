import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatUsage } from '#contract/chat.ts';
import { api } from '#client/lib/api-client.ts';
import { useCurrentUser } from '#client/lib/session.ts';
import { chatKeys } from './chat-cache.ts';

export function getChatUsage(signal?: AbortSignal) {
  return api.get<ChatUsage>('/api/chat/usage', { signal });
}

/** Today's counters change with every send; they are read again each time the screen opens. */
export const chatUsageQueryOptions = (userId: string) =>
  queryOptions({ queryKey: chatKeys.usage(userId), queryFn: ({ signal }) => getChatUsage(signal), staleTime: 0 });

export function useChatUsage() {
  const { user } = useCurrentUser();
  return useQuery({ ...chatUsageQueryOptions(user?.id ?? ''), enabled: !!user });
}
