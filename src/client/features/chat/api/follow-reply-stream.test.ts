import { describe, expect, it, vi } from 'vitest';
import type { ReplyEvent } from '../logic/reply-events.ts';
import { sseResponse } from '#tests/helpers/fake-api.ts';
import { followReplyStream } from './follow-reply-stream.ts';

const event = (id: number, name: string, data: unknown) => `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

describe('followReplyStream', () => {
  it('delivers the events and stops at the final one', async () => {
    const fetchMock = vi.fn(async () =>
      sseResponse([
        'retry: 10\n\n',
        event(5, 'snapshot', { content: 'Hello', status: 'streaming' }),
        event(11, 'delta', { text: ' world' }),
        event(11, 'done', { status: 'complete', content: 'Hello world', usage: { promptTokens: 1, completionTokens: 2 } }),
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const events: ReplyEvent[] = [];
    const result = await followReplyStream({ sessionId: 's', messageId: 'm', heldLength: () => 0, onEvent: (e) => (events.push(e), 'ok'), signal: new AbortController().signal });
    expect(result).toBe('finished');
    expect(events.map((e) => e.type)).toEqual(['snapshot', 'delta', 'done']);
    expect(fetchMock).toHaveBeenCalledWith('/api/chat-sessions/s/messages/m/stream', expect.objectContaining({ credentials: 'include' }));
  });

  it('reconnects with Last-Event-ID when the connection drops before the end', async () => {
    let held = 0;
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(sseResponse(['retry: 5\n\n', event(5, 'snapshot', { content: 'Hello', status: 'streaming' })]))
      .mockResolvedValueOnce(sseResponse([event(11, 'delta', { text: ' world' }), event(11, 'done', { status: 'complete', content: 'Hello world', usage: { promptTokens: null, completionTokens: null } })]));
    vi.stubGlobal('fetch', fetchMock);
    const result = await followReplyStream({
      sessionId: 's',
      messageId: 'm',
      heldLength: () => held,
      onEvent: (e) => {
        if (e.type === 'snapshot') held = e.content.length;
        return 'ok';
      },
      signal: new AbortController().signal,
    });
    expect(result).toBe('finished');
    const secondHeaders = fetchMock.mock.calls[1]![1].headers as Headers;
    expect(secondHeaders.get('last-event-id')).toBe('5');
  });

  it('asks for a fresh snapshot when the text got out of step', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(sseResponse([event(9, 'delta', { text: 'x' })]))
      .mockResolvedValueOnce(sseResponse([event(0, 'error', { message: 'Provider down', content: '' })]));
    vi.stubGlobal('fetch', fetchMock);
    const result = await followReplyStream({ sessionId: 's', messageId: 'm', heldLength: () => 3, onEvent: (e) => (e.type === 'delta' ? 'resync' : 'ok'), signal: new AbortController().signal });
    expect(result).toBe('finished');
    expect((fetchMock.mock.calls[1]![1].headers as Headers).has('last-event-id')).toBe(false);
  });

  it('gives up on a refusal (the message is gone or not ours)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"error":"Message not found"}', { status: 404 })));
    const result = await followReplyStream({ sessionId: 's', messageId: 'm', heldLength: () => 0, onEvent: () => 'ok', signal: new AbortController().signal });
    expect(result).toBe('gone');
  });

  it('stops quietly when aborted', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        controller.abort();
        throw Object.assign(new Error('aborted'), { name: 'AbortError', init });
      }),
    );
    const result = await followReplyStream({ sessionId: 's', messageId: 'm', heldLength: () => 0, onEvent: () => 'ok', signal: controller.signal });
    expect(result).toBe('aborted');
  });
});
