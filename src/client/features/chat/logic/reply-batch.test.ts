import { describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '#contract/chat.ts';
import { chatMessage } from '#tests/helpers/chat-message.ts';
import { createReplyBatch, STREAM_RENDER_INTERVAL_MS, type ReplyBatchTimers } from './reply-batch.ts';

const reply: ChatMessageDto = chatMessage({ status: 'streaming' });

/** A transcript holding one reply, the writes made to it, and a clock moved by hand. */
function setup(initial: ChatMessageDto | null = reply) {
  let stored = initial;
  let writes = 0;
  let due: { run: () => void; ms: number } | null = null;
  const timers: ReplyBatchTimers = {
    setTimeout: (run, ms) => (due = { run, ms }),
    clearTimeout: () => (due = null),
  };
  const batch = createReplyBatch(
    () => stored,
    (update) => {
      writes += 1;
      if (stored) stored = update(stored);
    },
    STREAM_RENDER_INTERVAL_MS,
    timers,
  );
  return {
    batch,
    stored: () => stored,
    setStored: (message: ChatMessageDto) => (stored = message),
    writes: () => writes,
    due: () => due,
    tick: () => {
      const timer = due;
      due = null;
      timer?.run();
    },
  };
}

describe('createReplyBatch', () => {
  it('writes the deltas of one interval together, once the interval ends', () => {
    const t = setup();
    expect(t.batch.push({ type: 'delta', offset: 3, text: 'Hi ' })).toBe('ok');
    expect(t.batch.push({ type: 'delta', offset: 9, text: 'there.' })).toBe('ok');
    expect(t.writes()).toBe(0);
    expect(t.stored()?.content).toBe('');
    // What was received counts already (the offset sent when reconnecting).
    expect(t.batch.latest()?.content).toBe('Hi there.');
    expect(t.due()?.ms).toBe(STREAM_RENDER_INTERVAL_MS);
    t.tick();
    expect(t.writes()).toBe(1);
    expect(t.stored()?.content).toBe('Hi there.');
    expect(t.due()).toBeNull();
  });

  it('writes the final event at once, with the deltas before it, and cancels the pending write', () => {
    const t = setup();
    t.batch.push({ type: 'delta', offset: 3, text: 'Hi ' });
    t.batch.push({ type: 'done', offset: 9, content: 'Hi there.', status: 'complete', usage: { promptTokens: 5, completionTokens: 2 } });
    expect(t.writes()).toBe(1);
    expect(t.stored()).toMatchObject({ content: 'Hi there.', status: 'complete', completionTokens: 2 });
    expect(t.due()).toBeNull();
  });

  it('writes an error and a snapshot at once', () => {
    const t = setup();
    t.batch.push({ type: 'snapshot', offset: 4, content: 'Half', status: 'streaming' });
    expect(t.stored()?.content).toBe('Half');
    t.batch.push({ type: 'error', offset: 4, content: 'Half', message: 'The advisor stopped.' });
    expect(t.writes()).toBe(2);
    expect(t.stored()).toMatchObject({ status: 'failed', error: 'The advisor stopped.' });
  });

  it('answers resync for a delta whose offset does not match the text, and writes at once', () => {
    const t = setup({ ...reply, content: 'Hello' });
    expect(t.batch.push({ type: 'delta', offset: 99, text: ' world' })).toBe('resync');
    expect(t.writes()).toBe(1);
    expect(t.due()).toBeNull();
  });

  it('counts pending deltas when checking the next offset', () => {
    const t = setup();
    expect(t.batch.push({ type: 'delta', offset: 2, text: 'ab' })).toBe('ok');
    expect(t.batch.push({ type: 'delta', offset: 4, text: 'cd' })).toBe('ok');
    expect(t.batch.push({ type: 'delta', offset: 4, text: 'ef' })).toBe('resync');
  });

  it('builds on the transcript as it is at write time, not as it was when the delta came', () => {
    const t = setup();
    t.batch.push({ type: 'delta', offset: 3, text: 'Hi ' });
    // The transcript was reread meanwhile, with a rating the user just gave.
    t.setStored({ ...reply, like: 1 });
    t.tick();
    expect(t.stored()).toMatchObject({ content: 'Hi ', like: 1 });
  });

  it('flush writes what is pending, and nothing when nothing is', () => {
    const t = setup();
    t.batch.flush();
    expect(t.writes()).toBe(0);
    t.batch.push({ type: 'delta', offset: 1, text: 'A' });
    t.batch.flush();
    expect(t.writes()).toBe(1);
    expect(t.stored()?.content).toBe('A');
    expect(t.due()).toBeNull();
  });

  it('ignores events while the reply is not in the transcript', () => {
    const t = setup(null);
    expect(t.batch.push({ type: 'delta', offset: 1, text: 'A' })).toBe('ok');
    expect(t.batch.latest()).toBeNull();
    expect(t.due()).toBeNull();
  });
});
