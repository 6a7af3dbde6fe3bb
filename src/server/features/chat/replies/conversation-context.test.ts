import { describe, expect, it } from 'vitest';
import { buildConversation, estimateTokens, latestQuestion } from './conversation-context.ts';

type Row = { role: 'user' | 'assistant' | 'system'; content: string; status: 'streaming' | 'complete' | 'failed' | 'stopped' };
const user = (content: string): Row => ({ role: 'user', content, status: 'complete' });
const advisor = (content: string, status: Row['status'] = 'complete'): Row => ({ role: 'assistant', content, status });
const note = (content: string): Row => ({ role: 'system', content, status: 'complete' });

describe('buildConversation', () => {
  it('sends the history oldest first, with notes and stopped replies, without failed or unfinished ones', () => {
    const newestFirst = [user('q3'), advisor('', 'failed'), advisor('half', 'failed'), note('Industry changed from A to B.'), advisor('a2 partial', 'stopped'), user('q2'), advisor('a1'), user('q1')];
    expect(buildConversation(newestFirst, 10_000)).toEqual([
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'a1' },
      { role: 'user', content: 'q2' },
      { role: 'assistant', content: 'a2 partial' },
      { role: 'user', content: '[Note: Industry changed from A to B.]\n\nq3' },
    ]);
  });

  it('keeps as much recent history as fits the budget, and always the newest question', () => {
    const long = 'x'.repeat(400); // 100 tokens
    const newestFirst = [user(long), advisor(long), user(long), advisor(long), user(long)];
    expect(buildConversation(newestFirst, 250)).toHaveLength(1);
    expect(buildConversation(newestFirst, 310)).toEqual([
      { role: 'user', content: long },
      { role: 'assistant', content: long },
      { role: 'user', content: long },
    ]);
    // Even a question far over the budget is sent.
    expect(buildConversation([user('y'.repeat(10_000))], 10)).toEqual([{ role: 'user', content: 'y'.repeat(10_000) }]);
  });

  it('never opens with the advisor when the budget cuts between a question and its answer', () => {
    const newestFirst = [user('q2'), advisor('a'.repeat(40)), user('q'.repeat(4000))];
    expect(buildConversation(newestFirst, 20)).toEqual([{ role: 'user', content: 'q2' }]);
  });

  it('finds the question and estimates tokens at about four characters each', () => {
    expect(latestQuestion([advisor('a'), user('  the question  '), user('older')])).toBe('the question');
    expect(estimateTokens('abcd'.repeat(25))).toBe(25);
  });
});
