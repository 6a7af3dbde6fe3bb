import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser.ts';

describe('SseParser', () => {
  it('parses complete events with id, name and data', () => {
    const parser = new SseParser();
    const events = parser.push('retry: 2000\n\nid: 5\nevent: delta\ndata: {"text":"hello"}\n\n');
    expect(events).toEqual([{ event: 'delta', data: '{"text":"hello"}', id: '5' }]);
    expect(parser.retryMs).toBe(2000);
  });

  it('waits for the blank line when an event is split across chunks', () => {
    const parser = new SseParser();
    expect(parser.push('id: 3\nevent: snap')).toEqual([]);
    expect(parser.push('shot\ndata: {"a"')).toEqual([]);
    expect(parser.push(':1}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'snapshot', data: '{"a":1}', id: '3' }]);
  });

  it('skips heartbeats and joins multi-line data', () => {
    const parser = new SseParser();
    expect(parser.push(': heartbeat\n\ndata: one\ndata: two\n\n')).toEqual([{ event: 'message', data: 'one\ntwo', id: null }]);
  });

  it('handles CRLF, including a CR at the end of a chunk', () => {
    const parser = new SseParser();
    expect(parser.push('event: done\r')).toEqual([]);
    expect(parser.push('\ndata: x\r\n\r\n')).toEqual([{ event: 'done', data: 'x', id: null }]);
  });

  it('keeps the last id for later events', () => {
    const parser = new SseParser();
    const events = parser.push('id: 9\ndata: a\n\ndata: b\n\n');
    expect(events.map((e) => e.id)).toEqual(['9', '9']);
  });
});
