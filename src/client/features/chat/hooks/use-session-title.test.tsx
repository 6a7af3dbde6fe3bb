import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatText, type ChatMessageDto, type ChatSessionDto } from '#contract/chat.ts';
import { stubApi } from '#tests/helpers/fake-api.ts';
import { renderHookWithProviders, testUser } from '#tests/helpers/render.tsx';
import { chatMessage } from '#tests/helpers/chat-message.ts';
import { chatSessionQueryOptions } from '../api/get-chat-session.ts';
import { useSessionTitle } from './use-session-title.ts';

const user = testUser();
const session: ChatSessionDto = {
  id: 's1',
  userId: user.id,
  title: 'Chat with CFO - Energy',
  executiveRole: 'CFO',
  industry: 'Energy',
  userRole: 'CEO',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function message(id: string, role: ChatMessageDto['role'], status: ChatMessageDto['status'] = 'complete'): ChatMessageDto {
  return chatMessage({ id, role, content: 'x', status });
}

/** The header's view: the session as the screen reads it, and the title hook over it. */
function setup(initial: { messages: ChatMessageDto[]; streamingId: string | null }) {
  const state = { ...initial };
  const rendered = renderHookWithProviders(() => {
    const { data } = useQuery(chatSessionQueryOptions('s1'));
    return useSessionTitle('s1', data, state.messages, false, state.streamingId);
  }, { user, path: '/chat' });
  return {
    ...rendered,
    finish(messages: ChatMessageDto[]) {
      state.messages = messages;
      state.streamingId = null;
      rendered.rerender();
    },
  };
}

/** The hook's own delays, on the test's clock. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useSessionTitle', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('says "New conversation" without a conversation', () => {
    stubApi({});
    const { result } = renderHookWithProviders(() => useSessionTitle(null, undefined, [], false, null), { user, path: '/chat' });
    expect(result.current).toBe(chatText.newConversationTitle);
  });

  it('after the first reply, reads the session again until the title the server writes shows', async () => {
    let reads = 0;
    const api = stubApi({ 'GET /api/chat-sessions/:id': () => (++reads < 3 ? session : { ...session, title: 'Selling the card portfolio' }) });
    const { result, finish } = setup({ messages: [message('u1', 'user'), message('a1', 'assistant', 'streaming')], streamingId: 'a1' });
    await waitFor(() => expect(result.current).toBe('Chat with CFO - Energy'));
    finish([message('u1', 'user'), message('a1', 'assistant')]);
    // The server writes the title a moment after the reply: the header reads the session until it shows.
    await advance(1500);
    await advance(1500);
    await waitFor(() => expect(result.current).toBe('Selling the card portfolio'));
    expect(reads).toBe(3);
    // The title came: no more reads.
    await advance(10_000);
    expect(api.callsTo('GET', '/api/chat-sessions/:id')).toHaveLength(3);
  });

  it('a reply that is not due a title (the fourth message) reads nothing more', async () => {
    const api = stubApi({ 'GET /api/chat-sessions/:id': () => session });
    const three = [message('u1', 'user'), message('a1', 'assistant'), message('u2', 'user')];
    const { result, finish } = setup({ messages: [...three, message('a2', 'assistant', 'streaming')], streamingId: 'a2' });
    await waitFor(() => expect(result.current).toBe('Chat with CFO - Energy'));
    finish([...three, message('a2', 'assistant')]);
    await advance(10_000);
    expect(api.callsTo('GET', '/api/chat-sessions/:id')).toHaveLength(1);
  });
});
