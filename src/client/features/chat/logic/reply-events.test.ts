import { describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '#contract/chat.ts';
import { chatMessage } from '#tests/helpers/chat-message.ts';
import { toReplyEvent } from './reply-event-parser.ts';
import { applyReplyEvent, isFinalReplyEvent, isOutOfStep, type ReplyEvent } from './reply-events.ts';

const base: ChatMessageDto = chatMessage({ status: 'streaming' });

function reduce(events: ReplyEvent[]): ChatMessageDto {
  return events.reduce(applyReplyEvent, base);
}

describe('toReplyEvent', () => {
  it('reads the event name, JSON data and the offset from the id', () => {
    expect(toReplyEvent({ event: 'delta', data: '{"text":"Hi "}', id: '3' })).toEqual({ type: 'delta', offset: 3, text: 'Hi ' });
  });
  it('ignores unknown events and malformed data', () => {
    expect(toReplyEvent({ event: 'message', data: '{}', id: null })).toBeNull();
    expect(toReplyEvent({ event: 'delta', data: 'not json', id: '1' })).toBeNull();
    expect(toReplyEvent({ event: 'done', data: '{"status":"complete"}', id: '1' })).toBeNull();
  });
});

describe('applyReplyEvent', () => {
  it('builds the reply from a snapshot and deltas, then finishes it', () => {
    const message = reduce([
      { type: 'snapshot', offset: 5, content: 'Hello', status: 'streaming' },
      { type: 'delta', offset: 11, text: ' there' },
      { type: 'done', offset: 12, status: 'complete', content: 'Hello there.', usage: { promptTokens: 10, completionTokens: 3 } },
    ]);
    expect(message).toMatchObject({ content: 'Hello there.', status: 'complete', promptTokens: 10, completionTokens: 3, error: null });
  });

  it('keeps the partial text of a stopped reply', () => {
    const message = reduce([
      { type: 'snapshot', offset: 4, content: 'Part', status: 'streaming' },
      { type: 'done', offset: 4, status: 'stopped', content: 'Part', usage: { promptTokens: null, completionTokens: null } },
    ]);
    expect(message).toMatchObject({ content: 'Part', status: 'stopped' });
  });

  it('marks a failed reply with its error and partial text', () => {
    const message = reduce([{ type: 'error', offset: 3, message: 'Provider down', content: 'abc' }]);
    expect(message).toMatchObject({ status: 'failed', error: 'Provider down', content: 'abc' });
  });

  it('a snapshot replaces whatever the client held (reconnect without Last-Event-ID)', () => {
    const message = applyReplyEvent({ ...base, content: 'stale text' }, { type: 'snapshot', offset: 5, content: 'fresh', status: 'streaming' });
    expect(message.content).toBe('fresh');
  });
});

describe('isFinalReplyEvent / isOutOfStep', () => {
  it('done and error end a stream', () => {
    expect(isFinalReplyEvent({ type: 'error', offset: 0, message: 'x', content: '' })).toBe(true);
    expect(isFinalReplyEvent({ type: 'delta', offset: 1, text: 'x' })).toBe(false);
  });
  it('detects a delta whose offset does not match the text held', () => {
    const after = applyReplyEvent({ ...base, content: 'abc' }, { type: 'delta', offset: 5, text: 'de' });
    expect(isOutOfStep(after, { type: 'delta', offset: 5, text: 'de' })).toBe(false);
    const doubled = applyReplyEvent({ ...base, content: 'abcde' }, { type: 'delta', offset: 5, text: 'de' });
    expect(isOutOfStep(doubled, { type: 'delta', offset: 5, text: 'de' })).toBe(true);
  });
});
