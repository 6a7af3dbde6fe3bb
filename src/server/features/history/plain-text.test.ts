import { describe, expect, it } from 'vitest';
import { markdownToPlainText, previewText, snippetText, truncateText } from './plain-text.ts';

const markers = { start: '\uE000', end: '\uE001' };

describe('markdownToPlainText', () => {
  it('removes headings, emphasis, links, lists, quotes, code fences and tables', () => {
    const markdown = [
      '## Summary',
      '',
      'Raise **prices** by _5%_ and read [the memo](https://example.com/memo).',
      '',
      '- First, `audit` costs',
      '1. Then ~~wait~~ act',
      '> Quoted advice',
      '```ts',
      'const margin = 0.4;',
      '```',
      '| Metric | Value |',
      '| --- | ---: |',
      '| CAC | $120 |',
      '---',
    ].join('\n');
    expect(markdownToPlainText(markdown)).toBe(
      'Summary Raise prices by 5% and read the memo. First, audit costs Then wait act Quoted advice const margin = 0.4; Metric · Value CAC · $120',
    );
  });

  it('leaves plain text as it is, whitespace collapsed', () => {
    expect(markdownToPlainText('How do we  grow\nrevenue in 2025? It costs $5 - maybe (a lot).')).toBe('How do we grow revenue in 2025? It costs $5 - maybe (a lot).');
  });

  it('keeps underscores inside words and snippet markers', () => {
    expect(markdownToPlainText('use snake_case and __bold__')).toBe('use snake_case and bold');
    expect(markdownToPlainText('**\uE000pricing\uE001** matters')).toBe('\uE000pricing\uE001 matters');
  });
});

describe('truncateText and previewText', () => {
  it('cuts at a word with an ellipsis', () => {
    expect(truncateText('one two three four', 10)).toBe('one two…');
    expect(truncateText('short', 10)).toBe('short');
    expect(truncateText('short', 10, true)).toBe('short…');
  });

  it('turns a stored preview into one plain line', () => {
    expect(previewText(null)).toBeNull();
    expect(previewText('# Hi\n\nThere')).toBe('Hi There');
    expect(previewText('```\n```')).toBeNull();
    expect(previewText('word '.repeat(80))!.length).toBeLessThanOrEqual(161);
    expect(previewText('x'.repeat(241))!.endsWith('…')).toBe(true);
    expect(previewText('short text', 240)).toBe('short text');
  });
});

describe('snippetText', () => {
  it('adds ellipses where the message continues', () => {
    const source = 'Intro sentence. We should raise pricing on the premium tier now. More text follows.';
    const headline = 'We should raise \uE000pricing\uE001 on the premium tier now.';
    expect(snippetText(headline, source, markers)).toBe('… We should raise \uE000pricing\uE001 on the premium tier now. …');
    expect(snippetText('\uE000Pricing\uE001 first', 'Pricing first', markers)).toBe('\uE000Pricing\uE001 first');
    expect(snippetText(null, source, markers)).toBeNull();
  });
});

describe('snippetText at the end of a message', () => {
  it('keeps closing punctuation instead of promising more text', () => {
    expect(snippetText('a loyalty \uE000programme\uE001 for patients', 'Intro. We want a loyalty programme for patients.', markers)).toBe(
      '… a loyalty \uE000programme\uE001 for patients.',
    );
  });
});
