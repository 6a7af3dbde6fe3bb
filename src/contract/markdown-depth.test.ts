import { describe, expect, it } from 'vitest';
import { limitMarkdownNesting, MAX_MARKDOWN_NESTING } from './markdown-depth.ts';

describe('limitMarkdownNesting', () => {
  it('escapes every marker of a line nested deeper than the limit', () => {
    const deep = '>'.repeat(6000);
    const limited = limitMarkdownNesting(deep);
    expect(limited).toBe('\\>'.repeat(6000));
    expect(limitMarkdownNesting(`${'- '.repeat(100)}item`)).toBe(`${'\\- '.repeat(100)}item`);
    expect(limitMarkdownNesting(`${'> '.repeat(50)}quote`).startsWith('\\> \\> ')).toBe(true);
  });

  it('leaves ordinary Markdown as it is, nesting up to the limit included', () => {
    const text = `# Title\n\n> a quote\n> > nested\n\n- one\n  - two\n1. first\n${'>'.repeat(MAX_MARKDOWN_NESTING)} deep but allowed\nx > y and 3 - 2`;
    expect(limitMarkdownNesting(text)).toBe(text);
  });
});
