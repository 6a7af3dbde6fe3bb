import { describe, expect, it } from 'vitest';
import { holdBackPartialTable, markdownWhileStreaming } from './streaming-markdown.ts';

describe('markdownWhileStreaming', () => {
  it('closes a bold phrase that is half written', () => {
    expect(markdownWhileStreaming('My take: **price on value')).toBe('My take: **price on value**');
  });

  it('holds back a table until its delimiter row has every column', () => {
    const intro = 'What I would measure:\n\n';
    expect(holdBackPartialTable(`${intro}| Metric | Why it matters here |`)).toBe(`${intro.trimEnd()}\n`);
    expect(holdBackPartialTable(`${intro}| Metric | Why it matters here |\n| --- | -`)).toBe(`${intro.trimEnd()}\n`);
    // The header's line has ended and the delimiter row has not begun: still a table forming, still held back.
    expect(holdBackPartialTable(`${intro}| Metric | Why it matters here |\n`)).toBe(`${intro.trimEnd()}\n`);
    expect(holdBackPartialTable(`${intro}| Metric | Why it matters here |\n| --- | --- |\n`)).toBe(`${intro}| Metric | Why it matters here |\n| --- | --- |\n`);
    const formed = `${intro}| Metric | Why it matters here |\n| --- | --- |\n| ARR |`;
    expect(holdBackPartialTable(formed)).toBe(formed);
  });

  it('leaves text without a trailing table alone', () => {
    const text = '| a | b |\n| --- | --- |\n| 1 | 2 |\n\nThen a paragraph';
    expect(holdBackPartialTable(text)).toBe(text);
    expect(holdBackPartialTable('No table here')).toBe('No table here');
  });
});
