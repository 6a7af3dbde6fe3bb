import { afterEach, describe, expect, it, vi } from 'vitest';
import { followRoundtable } from '#client/features/roundtable/api/follow-roundtable.ts';
import { sseResponse } from '#tests/helpers/fake-api.ts';
import { followEventStream, type StreamEvent } from './event-stream.ts';

afterEach(() => vi.unstubAllGlobals());

const follow = (onEvent: (e: StreamEvent) => 'ok' | 'final' | 'reconnect' | 'skip', lastEventId = (id: string | null) => id) =>
  followEventStream({ url: '/stream', lastEventId, onEvent, signal: new AbortController().signal });

describe('followEventStream (the one reader of our event streams)', () => {
  it('parses events split across chunks, with LF, CRLF and lone CR line ends, skipping heartbeats and joining multi-line data', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => sseResponse(['retry: 5\n\n: heartbeat\n\nid: 3\nevent: snap', 'shot\r\ndata: {"a"', ':1}\r', '\r', 'data: one\rdata: two\r\r', 'event: done\ndata: x\n\n'])));
    const events: StreamEvent[] = [];
    const result = await follow((e) => (events.push(e), e.event === 'done' ? 'final' : 'ok'));
    expect(result).toBe('finished');
    expect(events).toEqual([
      { event: 'snapshot', data: '{"a":1}', id: '3' },
      { event: 'message', data: 'one\ntwo', id: '3' },
      { event: 'done', data: 'x', id: '3' },
    ]);
  });

  it('reopens a dropped stream after the retry: delay the server gave, with the last event id as Last-Event-ID', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(sseResponse(['retry: 1\n\n', 'id: 7\nevent: turn\ndata: a\n\n']))
      .mockResolvedValueOnce(sseResponse(['id: 8\nevent: end\ndata: b\n\n']));
    vi.stubGlobal('fetch', fetchMock);
    const started = Date.now();
    const result = await follow((e) => (e.event === 'end' ? 'final' : 'ok'));
    expect(result).toBe('finished');
    // The default delay is 2 s: the server's 1 ms was used.
    expect(Date.now() - started).toBeLessThan(1500);
    expect((fetchMock.mock.calls[0]![1].headers as Headers).get('last-event-id')).toBeNull();
    expect((fetchMock.mock.calls[1]![1].headers as Headers).get('last-event-id')).toBe('7');
  });

  it('gives up after five attempts in a row that bring no event it knows', async () => {
    const fetchMock = vi.fn(async () => sseResponse(['retry: 1\n\n', 'event: unknown\ndata: x\n\n']));
    vi.stubGlobal('fetch', fetchMock);
    expect(await follow(() => 'skip')).toBe('gave-up');
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('answers gone on a refusal, and reconnects at once, without waiting, when the caller asks', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => sseResponse([], 404)));
    expect(await follow(() => 'ok')).toBe('gone');
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(sseResponse(['event: out-of-step\ndata: x\n\n']))
      .mockResolvedValueOnce(sseResponse(['event: done\ndata: y\n\n']));
    vi.stubGlobal('fetch', fetchMock);
    const started = Date.now();
    expect(await follow((e) => (e.event === 'done' ? 'final' : 'reconnect'))).toBe('finished');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('follows a roundtable with the same reader: a lone CR ends a line, and a reconnect resumes from the last id', async () => {
    const turn = (id: number) => `id: ${id}\revent: round-end\rdata: ${JSON.stringify({ round: 1, changedSeats: [] })}\r\r`;
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(sseResponse(['retry: 1\r\r', turn(4), ': heartbeat\r\n']))
      .mockResolvedValueOnce(sseResponse([`id: 9\nevent: done\ndata: ${JSON.stringify({ status: 'complete', stopReason: null, tokensUsed: 10 })}\n\n`]));
    vi.stubGlobal('fetch', fetchMock);
    const seen: string[] = [];
    const result = await followRoundtable('t1', (event) => seen.push(event.type), new AbortController().signal);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/roundtables/t1/stream');
    expect((fetchMock.mock.calls[1]![1].headers as Headers).get('last-event-id')).toBe('4');
    expect(seen).toEqual(['round-end', 'done']);
    expect(result).toBe('finished');
  });
});
