import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageDto } from '#contract/chat.ts';
import { chatMessage } from '#tests/helpers/chat-message.ts';

// Whether the Markdown renderer is here, as the test says.
const renderer = vi.hoisted(() => ({ settled: false }));
vi.mock('#client/components/markdown/lazy-markdown.tsx', () => ({ useMarkdownSettled: () => renderer.settled }));

const { useRepliesReady } = await import('./use-replies-ready.ts');

const question = chatMessage({ id: 'q1', role: 'user', content: 'Where do we start?' });
const reply = chatMessage({ id: 'r1', content: 'With **cash**.' });

function setup(initial: { sessionId: string | null; messages: ChatMessageDto[]; sending: boolean }) {
  return renderHook((props: typeof initial) => useRepliesReady(props.sessionId, props.messages, props.sending), { initialProps: initial });
}

beforeEach(() => {
  renderer.settled = false;
});

describe('useRepliesReady (decision 042)', () => {
  it('a conversation opening with replies waits for the renderer, so they are drawn once, formatted', () => {
    const { result, rerender } = setup({ sessionId: 's1', messages: [question, reply], sending: false });
    expect(result.current).toBe(false);
    renderer.settled = true;
    rerender({ sessionId: 's1', messages: [question, reply], sending: false });
    expect(result.current).toBe(true);
  });

  it('nothing to draw in Markdown (no replies yet): no wait', () => {
    expect(setup({ sessionId: 's1', messages: [question], sending: false }).result.current).toBe(true);
    expect(setup({ sessionId: null, messages: [], sending: false }).result.current).toBe(true);
  });

  it('a roundtable in the transcript waits too (its seats are Markdown)', () => {
    expect(setup({ sessionId: 's1', messages: [{ ...question, roundtableId: 't1' }], sending: false }).result.current).toBe(false);
  });

  it('a transcript on screen never goes back to waiting: a new conversation whose first reply comes before the renderer', () => {
    const { result, rerender } = setup({ sessionId: null, messages: [], sending: false });
    rerender({ sessionId: null, messages: [], sending: true });
    expect(result.current).toBe(true);
    // The conversation now exists, the question is saved and its reply is being written.
    rerender({ sessionId: 's2', messages: [], sending: true });
    rerender({ sessionId: 's2', messages: [question, { ...reply, status: 'streaming', content: '' }], sending: false });
    expect(result.current).toBe(true);
    // Another conversation with replies opened before the renderer came: it waits.
    rerender({ sessionId: 's3', messages: [question, reply], sending: false });
    expect(result.current).toBe(false);
  });
});
