import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chatText, type ChatContext, type ChatMessageDto, type ChatSessionDto, type ChatUsage } from '#contract/chat.ts';
import { errorCatalog } from '#contract/errors.ts';
import { apiError, stubApi } from '#tests/helpers/fake-api.ts';
import { renderHookWithProviders, testUser } from '#tests/helpers/render.tsx';
import { chatMessage } from '#tests/helpers/chat-message.ts';
import { chatKeys, readMessages } from '../api/chat-cache.ts';
import { useSendMessage } from './use-send-message.ts';

const user = testUser();
const context: ChatContext = { executiveRole: 'CFO', industry: 'Energy', userRole: 'CEO' };
const created: ChatSessionDto = { id: 's1', userId: user.id, title: 'Chat with CFO - Energy', ...context, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

function message(id: string, role: ChatMessageDto['role'], content: string, status: ChatMessageDto['status'] = 'complete'): ChatMessageDto {
  return chatMessage({ id, role, content, timestamp: `2026-01-01T00:00:0${id.length}.000Z`, status });
}

function setup(options: { sessionId?: string | null; usage?: ChatUsage; replying?: boolean } = {}) {
  const openSession = vi.fn();
  const onUpgrade = vi.fn();
  const rendered = renderHookWithProviders(
    () => useSendMessage({ userId: user.id, sessionId: options.sessionId ?? null, context, replying: options.replying ?? false, usage: options.usage, openSession, onUpgrade }),
    { user, path: '/chat' },
  );
  return { ...rendered, openSession, onUpgrade };
}

describe('useSendMessage', () => {
  it('with no conversation, creates one titled after the advisor and industry, then sends; the question shows until the saved one replaces it', async () => {
    let release: () => void = () => {};
    const api = stubApi({
      'POST /api/chat-sessions': () => created,
      'POST /api/chat-sessions/:id/messages': () =>
        new Promise((resolve) => {
          release = () => resolve({ systemMessage: null, userMessage: message('u1', 'user', 'Cut costs?'), assistantMessage: message('a11', 'assistant', '', 'streaming') });
        }),
    });
    const { result, queryClient, openSession } = setup();

    let sent: Promise<boolean> = Promise.resolve(false);
    act(() => {
      sent = result.current.send('  Cut costs?  ');
    });
    expect(result.current.pending).toMatchObject({ content: 'Cut costs?', id: expect.stringMatching(/^temp-/) });
    await waitFor(() => expect(api.callsTo('POST', '/api/chat-sessions/:id/messages')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/chat-sessions')[0]!.body).toEqual({ userId: user.id, ...context, title: 'Chat with CFO - Energy' });
    expect(openSession).toHaveBeenCalledWith('s1', { replace: true });
    expect(api.callsTo('POST', '/api/chat-sessions/:id/messages')[0]).toMatchObject({ path: '/api/chat-sessions/s1/messages', body: { content: 'Cut costs?', userRole: 'CEO', role: 'user' } });

    await act(async () => {
      release();
      expect(await sent).toBe(true);
    });
    expect(result.current.pending).toBeNull();
    expect(readMessages(queryClient, 's1').map((m) => m.id)).toEqual(['u1', 'a11']);
  });

  it('a refused send gives the words back and says "Failed to send message"', async () => {
    stubApi({ 'POST /api/chat-sessions/:id/messages': () => apiError('internal:unexpected') });
    const { result, queryClient } = setup({ sessionId: 's1' });
    queryClient.setQueryData(chatKeys.messages('s1'), { messages: [], hasMore: false });
    await act(async () => expect(await result.current.send('Hello')).toBe(false));
    expect(result.current.pending).toBeNull();
    expect(await screen.findByText(chatText.sendFailed.description)).toBeInTheDocument();
  });

  it('says "Failed to create chat session" when the conversation cannot be made, and sends nothing', async () => {
    const api = stubApi({ 'POST /api/chat-sessions': () => apiError('internal:unexpected') });
    const { result, openSession } = setup();
    await act(async () => expect(await result.current.send('Hello')).toBe(false));
    expect(await screen.findByText(chatText.createSessionFailed.description)).toBeInTheDocument();
    expect(openSession).not.toHaveBeenCalled();
    expect(api.callsTo('POST', '/api/chat-sessions/:id/messages')).toEqual([]);
  });

  it("opens the upgrade dialog for the server's daily-limit refusal, decided by its code, with no error notice", async () => {
    stubApi({ 'POST /api/chat-sessions/:id/messages': () => apiError('rate_limit:interactions') });
    const { result, onUpgrade } = setup({ sessionId: 's1' });
    await act(async () => expect(await result.current.send('Hello')).toBe(false));
    expect(onUpgrade).toHaveBeenCalledWith(errorCatalog['rate_limit:interactions'].message);
    expect(screen.queryByText(chatText.sendFailed.description)).toBeNull();
  });

  it('offers the upgrade before sending when the free allowance is used up, and sends nothing while a reply is written', async () => {
    const api = stubApi({});
    const usage: ChatUsage = { isPremium: false, interactionsUsed: 5, interactionsLimit: 5, attachmentsUsed: 0, attachmentsLimit: 1, storageUsedBytes: 0, storageLimitBytes: 262144000, resetsAt: '2026-01-02T00:00:00.000Z' };
    const spent = setup({ sessionId: 's1', usage });
    await act(async () => expect(await spent.result.current.send('Hello')).toBe(false));
    expect(spent.onUpgrade).toHaveBeenCalledWith(errorCatalog['rate_limit:interactions'].message);

    const busy = setup({ sessionId: 's1', replying: true });
    await act(async () => expect(await busy.result.current.send('Hello')).toBe(false));
    expect(api.calls).toEqual([]);
  });

  it('uploads the staged document into the conversation first and sends the message with its id; a failed upload sends nothing', async () => {
    const api = stubApi({
      'POST /api/chat-sessions/:id/messages': () => ({ systemMessage: null, userMessage: message('u1', 'user', 'Read it'), assistantMessage: message('a11', 'assistant', '', 'streaming') }),
    });
    const beforeSend = vi.fn(async () => ['d1']);
    const { result, queryClient } = setup({ sessionId: 's1' });
    queryClient.setQueryData(chatKeys.messages('s1'), { messages: [], hasMore: false });
    await act(async () => expect(await result.current.send('Read it', { beforeSend })).toBe(true));
    expect(beforeSend).toHaveBeenCalledWith('s1');
    expect(api.callsTo('POST', '/api/chat-sessions/:id/messages')[0]!.body).toMatchObject({ content: 'Read it', documentIds: ['d1'] });

    const failed = setup({ sessionId: 's1' });
    await act(async () => expect(await failed.result.current.send('Read it again', { beforeSend: async () => null })).toBe(false));
    expect(failed.result.current.pending).toBeNull();
    expect(api.callsTo('POST', '/api/chat-sessions/:id/messages')).toHaveLength(1);
  });
});
