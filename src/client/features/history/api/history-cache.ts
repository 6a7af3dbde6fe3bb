import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ListChatSessionsResponse } from '#contract/history.ts';

/** Query keys of the history feature: under '/api/users' so a sign-out clears them. */
export const historyKeys = {
  all: (userId: string) => ['/api/users', userId, 'chat-sessions'] as const,
  list: (userId: string, q: string) => ['/api/users', userId, 'chat-sessions', q] as const,
  /** The paged list: a key of its own, since its cached data (pages) is not a search's. */
  pages: (userId: string) => ['/api/users', userId, 'chat-sessions', { pages: true }] as const,
};

type Cached = ListChatSessionsResponse | InfiniteData<ListChatSessionsResponse, string | null>;

/** Drops conversations from every cached list (its pages) and search of the user, so they vanish before the lists are read again. */
export function removeFromLists(queryClient: QueryClient, userId: string, sessionIds: ReadonlySet<string> | 'all'): void {
  const without = (page: ListChatSessionsResponse): ListChatSessionsResponse => {
    if (sessionIds === 'all') return { sessions: [], hasMore: false, nextCursor: null, total: page.total === null ? null : 0 };
    const sessions = page.sessions.filter((s) => !sessionIds.has(s.id));
    const removed = page.sessions.length - sessions.length;
    return { ...page, sessions, total: page.total === null ? null : Math.max(0, page.total - removed) };
  };
  queryClient.setQueriesData<Cached>({ queryKey: historyKeys.all(userId) }, (current) => {
    if (!current) return current;
    if ('pages' in current) {
      // A removal on a later page still lowers the total the first page holds.
      const removedLater = sessionIds === 'all' ? 0 : current.pages.slice(1).reduce((n, p) => n + p.sessions.filter((s) => sessionIds.has(s.id)).length, 0);
      const pages = current.pages.map(without);
      if (sessionIds === 'all') return { pages: pages.slice(0, 1), pageParams: current.pageParams.slice(0, 1) };
      const first = pages[0];
      if (first && first.total !== null) pages[0] = { ...first, total: Math.max(0, first.total - removedLater) };
      return { ...current, pages };
    }
    return without(current);
  });
}

/** Reads every list and search of the user again. */
export function refreshLists(queryClient: QueryClient, userId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: historyKeys.all(userId) });
}

/** Gives a conversation its new title in every cached list and search of the user (a rename, a generated title), before they are read again. */
export function retitleInLists(queryClient: QueryClient, userId: string, sessionId: string, title: string): void {
  const retitle = (page: ListChatSessionsResponse): ListChatSessionsResponse =>
    page.sessions.some((s) => s.id === sessionId && s.title !== title) ? { ...page, sessions: page.sessions.map((s) => (s.id === sessionId ? { ...s, title } : s)) } : page;
  queryClient.setQueriesData<Cached>({ queryKey: historyKeys.all(userId) }, (current) => {
    if (!current) return current;
    if ('pages' in current) {
      const pages = current.pages.map(retitle);
      return pages.every((page, i) => page === current.pages[i]) ? current : { ...current, pages };
    }
    return retitle(current);
  });
}

/** Whether the user's cached list holds the conversation (a new one does not until the list is read again); undefined before the list is read. */
export function isListed(queryClient: QueryClient, userId: string, sessionId: string): boolean | undefined {
  const data = queryClient.getQueryData<InfiniteData<ListChatSessionsResponse, string | null>>(historyKeys.pages(userId));
  return data ? data.pages.some((page) => page.sessions.some((s) => s.id === sessionId)) : undefined;
}
