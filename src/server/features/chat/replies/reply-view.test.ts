import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import type { HubEvent } from '#server/streams/event-hub.ts';
import { parseLastEventId, ReplyStreamView, type ReplyEventSink } from './reply-view.ts';
import type { TurnStreamEvent } from '#server/runs/stream-events.ts';

// The hub side of the view; reading the database when the hub does not hold the reply is covered by reply-stream.test.ts.
const db = {} as Db;
let ids = 0;
const hubEvent = (event: TurnStreamEvent, last = false): HubEvent<TurnStreamEvent> => ({ id: String(++ids), event, last });
const delta = (text: string, offset: number, turn = 'm') => hubEvent({ type: 'delta', turn, text, offset });

function view(resumeFrom: number | null) {
  const sent: Array<[string, number, unknown]> = [];
  const sink: ReplyEventSink = { send: (event: string, id: number, data: unknown) => void sent.push([event, id, data]) };
  return { view: new ReplyStreamView(db, 'm', resumeFrom, sink), sent };
}

describe('ReplyStreamView', () => {
  it('starts with the text so far as a snapshot (id = its length), then deltas with ids at their end', () => {
    const { view: v, sent } = view(null);
    v.replay([delta('Cash ', 5), delta('first', 10)]);
    v.apply(delta('. Then', 16));
    expect(sent).toEqual([
      ['snapshot', 10, { content: 'Cash first', status: 'streaming' }],
      ['delta', 16, { text: '. Then' }],
    ]);
  });

  it('resumes at the offset a reconnecting reader had: one delta with what it lacks, no snapshot', () => {
    const { view: v, sent } = view(5);
    v.replay([delta('Cash ', 5), delta('first', 10)]);
    expect(sent).toEqual([['delta', 10, { text: 'first' }]]);
    const { view: upToDate, sent: none } = view(10);
    upToDate.replay([delta('Cash ', 5), delta('first', 10)]);
    expect(none).toEqual([]);
  });

  it('sends a snapshot when the offset is not one it could have sent', () => {
    const { view: v, sent } = view(99);
    v.replay([delta('Cash', 4)]);
    expect(sent).toEqual([['snapshot', 4, { content: 'Cash', status: 'streaming' }]]);
  });

  it('skips what the reader has, and the deltas of other turns', () => {
    const { view: v, sent } = view(null);
    v.replay([delta('ab', 2)]);
    v.apply(delta('ab', 2));
    v.apply(delta('zz', 2, 'another-seat'));
    v.apply(delta('c', 3));
    expect(sent).toEqual([
      ['snapshot', 2, { content: 'ab', status: 'streaming' }],
      ['delta', 3, { text: 'c' }],
    ]);
  });

  it('ends with done or error from the turn end, ids at the final length', () => {
    const { view: v, sent } = view(null);
    v.replay([]);
    v.apply(hubEvent({ type: 'turn-end', turn: 'm', final: { type: 'error', message: 'The AI provider stopped responding.', content: 'Half' } }, true));
    expect(sent).toEqual([
      ['snapshot', 0, { content: '', status: 'streaming' }],
      ['error', 4, { message: 'The AI provider stopped responding.', content: 'Half' }],
    ]);
  });

  it('sends a reply that had ended before the reader came whole, whatever it had', () => {
    const { view: v, sent } = view(2);
    const usage = { promptTokens: 10, completionTokens: 2 };
    v.replay([delta('Done.', 5), hubEvent({ type: 'turn-end', turn: 'm', final: { type: 'done', status: 'complete', content: 'Done.', usage } }, true)]);
    expect(sent).toEqual([
      ['snapshot', 5, { content: 'Done.', status: 'complete' }],
      ['done', 5, { status: 'complete', content: 'Done.', usage }],
    ]);
  });

  it('reads Last-Event-ID as a text offset, ignoring anything else', () => {
    expect(parseLastEventId('42')).toBe(42);
    expect(parseLastEventId(['7', '8'])).toBe(7);
    for (const value of [undefined, '', '-1', '1.5', 'abc', '1234567890']) expect(parseLastEventId(value)).toBeNull();
  });
});
