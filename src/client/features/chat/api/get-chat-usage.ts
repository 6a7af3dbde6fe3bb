import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/** Longest wait a timer can hold (about 24.8 days); the renewal is at most a day away. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function useChatUsage() {
  const { user } = useCurrentUser();
  const query = useQuery({ ...chatUsageQueryOptions(user?.id ?? ''), enabled: !!user });
  // A free account at its limit gets its interactions back at `resetsAt`: read the counters again then,
  // so the composer opens without a reload (issue 14, defect 7).
  const { data, refetch } = query;
  const renewal = data && !data.isPremium && data.interactionsLimit >= 0 && data.interactionsUsed >= data.interactionsLimit ? data.resetsAt : null;
  useEffect(() => {
    if (!renewal) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, new Date(renewal).getTime() - Date.now()) + 1000);
    const timer = setTimeout(() => void refetch(), wait);
    return () => clearTimeout(timer);
  }, [renewal, refetch]);
  return query;
}
