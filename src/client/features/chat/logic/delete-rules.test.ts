import { describe, expect, it } from 'vitest';
import { messagesDeletedWith } from './chat-rules.ts';

describe('what a deletion takes with it (issue 14, defect 8)', () => {
  const list = [
    { id: 'q1', role: 'user' as const },
    { id: 'a1', role: 'assistant' as const },
    { id: 'n1', role: 'system' as const },
    { id: 'a1b', role: 'assistant' as const },
    { id: 'q2', role: 'user' as const },
    { id: 'a2', role: 'assistant' as const },
    { id: 'q3', role: 'user' as const },
  ];
  it('deletes a question with the replies up to the next question, keeping notes', () => {
    expect(messagesDeletedWith(list, list[0]!)).toEqual(['q1', 'a1', 'a1b']);
    expect(messagesDeletedWith(list, list[4]!)).toEqual(['q2', 'a2']);
    expect(messagesDeletedWith(list, list[6]!)).toEqual(['q3']);
  });
  it('deletes a reply or a note alone', () => {
    expect(messagesDeletedWith(list, list[1]!)).toEqual(['a1']);
    expect(messagesDeletedWith(list, list[2]!)).toEqual(['n1']);
  });
});
