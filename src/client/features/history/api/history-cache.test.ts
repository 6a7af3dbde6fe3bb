import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatSessionListItem, ListChatSessionsResponse } from '#contract/history.ts';
import { historyKeys, isListed, retitleInLists } from './history-cache.ts';

const item = (id: string, title: string): ChatSessionListItem => ({
  id,
  title,
  executiveRole: 'CFO',
  industry: 'Finance',
  userRole: 'CEO',
  preview: null,
  messageCount: 2,
  documentCount: 0,
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
  snippet: null,
});
const page = (...sessions: ChatSessionListItem[]): ListChatSessionsResponse => ({ sessions, hasMore: false, nextCursor: null, total: sessions.length });

describe('retitleInLists and isListed (the sidebar and /history share these caches)', () => {
  it('gives a conversation its new title on every cached page and search, and nothing else changes', () => {
    const client = new QueryClient();
    client.setQueryData<InfiniteData<ListChatSessionsResponse, string | null>>(historyKeys.pages('u'), { pages: [page(item('a', 'Old')), page(item('b', 'Other'))], pageParams: [null, 'x'] });
    client.setQueryData(historyKeys.list('u', 'old'), page(item('a', 'Old')));
    client.setQueryData(historyKeys.list('someone-else', ''), page(item('a', 'Old')));
    const untouchedPage = client.getQueryData<InfiniteData<ListChatSessionsResponse>>(historyKeys.pages('u'))!.pages[1];

    retitleInLists(client, 'u', 'a', 'New');

    const pages = client.getQueryData<InfiniteData<ListChatSessionsResponse>>(historyKeys.pages('u'))!.pages;
    expect(pages.map((p) => p.sessions.map((s) => s.title))).toEqual([['New'], ['Other']]);
    expect(pages[1]).toBe(untouchedPage);
    expect(client.getQueryData<ListChatSessionsResponse>(historyKeys.list('u', 'old'))!.sessions[0]!.title).toBe('New');
    expect(client.getQueryData<ListChatSessionsResponse>(historyKeys.list('someone-else', ''))!.sessions[0]!.title).toBe('Old');
  });

  it('knows whether the list holds a conversation, and says nothing before the list is read', () => {
    const client = new QueryClient();
    expect(isListed(client, 'u', 'a')).toBeUndefined();
    client.setQueryData<InfiniteData<ListChatSessionsResponse, string | null>>(historyKeys.pages('u'), { pages: [page(item('a', 'Old'))], pageParams: [null] });
    expect(isListed(client, 'u', 'a')).toBe(true);
    expect(isListed(client, 'u', 'new-one')).toBe(false);
  });
});
