import { describe, expect, it } from 'vitest';
import { composeDemoReply } from './demo/demo-reply.ts';
import { endAtLastCompleteBlock } from './complete-blocks.ts';

const reply = composeDemoReply({ executiveRole: 'CFO', industry: 'Retail', userRole: 'CEO', question: 'Should we open a second store next year?' });
const upTo = (marker: string, extra = 0) => reply.slice(0, reply.indexOf(marker) + extra);

describe('endAtLastCompleteBlock (issue 29, point 15): a stopped reply ends at its last complete block', () => {
  it('drops an empty list item ("1.") the reply stopped on', () => {
    const stopped = upTo('1. **Frame', 3);
    expect(stopped.endsWith('1. ')).toBe(true);
    const ended = endAtLastCompleteBlock(stopped);
    expect(ended).not.toMatch(/\n\s*1\.\s*$/);
    // The heading above it had nothing under it yet: it goes too.
    expect(ended).not.toMatch(/How I would approach it\s*$/);
    expect(ended.endsWith('since you are a CEO.')).toBe(true);
    expect(endAtLastCompleteBlock('Intro.\n\n1.')).toBe('Intro.');
    expect(endAtLastCompleteBlock('Intro.\n\n- one\n- ')).toBe('Intro.\n\n- one');
    expect(endAtLastCompleteBlock('Intro.\n\n1. One.\n2.\n')).toBe('Intro.\n\n1. One.');
  });

  it('drops a dangling heading, complete or cut', () => {
    expect(endAtLastCompleteBlock('Cash first.\n\n### What I would measure\n')).toBe('Cash first.');
    expect(endAtLastCompleteBlock('Cash first.\n\n### What I wo')).toBe('Cash first.');
    expect(endAtLastCompleteBlock(upTo('### Questions for you', 10))).toMatch(/\| Gross margin and markdown rate \| Full-price selling vs\. clearance \|$/);
  });

  it('drops a table that has no row yet, and a row being written', () => {
    const table = upTo('| Shrink rate');
    expect(endAtLastCompleteBlock(table)).toMatch(/Decide with one owner and a date\.$/);
    expect(endAtLastCompleteBlock(upTo('| Comparable-store', 8))).toMatch(/\| Shrink rate \| Theft and error straight off profit \|$/);
  });

  it('drops a code block left open', () => {
    expect(endAtLastCompleteBlock('Use this:\n\n```\nmargin = (price -')).toBe('Use this:');
    expect(endAtLastCompleteBlock('Use this:\n\n```\nx = 1\n```\n')).toBe('Use this:\n\n```\nx = 1\n```');
  });

  it('ends a sentence in progress at the last complete one, and keeps the words when none is complete', () => {
    expect(endAtLastCompleteBlock('Cash is tight. We should wait until the')).toBe('Cash is tight.');
    expect(endAtLastCompleteBlock('1. Hire first. Then the le')).toBe('1. Hire first.');
    const opening = upTo('I would make', 12);
    const ended = endAtLastCompleteBlock(opening);
    expect(ended).toContain('My take as your Chief Financial Officer (Retail)');
    // The bold label the reply was cut in is closed, so no stray "**" shows.
    expect(endAtLastCompleteBlock('**My take as your Chief Fin')).toBe('**My take as your Chief Fin**');
  });

  it('leaves a finished reply as it is', () => {
    expect(endAtLastCompleteBlock(reply)).toBe(reply.trimEnd());
  });
});
