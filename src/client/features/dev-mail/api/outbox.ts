import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxList, OutboxMessage } from '#contract/dev-mail.ts';
import { api } from '#client/lib/api-client.ts';

/** The development mailbox (decision 056): what the server wrote to its outbox, newest first. */
export const outboxQuery = queryOptions({
  queryKey: ['dev-mail'],
  queryFn: ({ signal }) => api.get<OutboxList>('/api/dev/mail', { signal }),
  // Mail arrives while the page is open (a signup in another tab): look again now and then.
  refetchInterval: 3000,
  staleTime: 0,
});

export const useOutbox = () => useQuery(outboxQuery);

export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: ['dev-mail', id],
    queryFn: ({ signal }) => api.get<OutboxMessage>(`/api/dev/mail/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    staleTime: Infinity,
  });
}
