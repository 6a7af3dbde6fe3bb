import { describe, expect, it } from 'vitest';
import { markdownToRichText } from './reply-rich-copy.ts';
import { codeToRichText, tableToRichText } from './rich-copy.ts';

describe('copying a reply as rich text and plain text (issue 14, defect 10)', () => {
  const reply = [
    '**My take:** price it at *two tiers*, see [the plan](https://example.com/plan).',
    '',
    '### How I would approach it',
    '1. **Frame it** first',
    '2. Then `test` it',
    '',
    '- one',
    '- two',
    '',
    '| Metric | Why |',
    '| --- | --- |',
    '| **ARR** | growth & retention |',
    '',
    '<script>alert(1)</script>',
    '',
    '[bad](javascript:alert(1))',
  ].join('\n');

  it('plain text carries no Markdown marks: no asterisks, hashes or pipes', () => {
    const { text } = markdownToRichText(reply);
    expect(text).toContain('My take: price it at two tiers, see the plan (https://example.com/plan).');
    expect(text).toContain('How I would approach it\n\n1. Frame it first\n2. Then test it');
    expect(text).toContain('• one\n• two');
    expect(text).toContain('Metric\tWhy\nARR\tgrowth & retention');
    expect(text).not.toMatch(/\*\*|###|\|/);
  });

  it('HTML keeps the formatting with inline styles, and never carries raw HTML or unsafe links', () => {
    const { html } = markdownToRichText(reply);
    expect(html).toContain('<strong>My take:</strong>');
    expect(html).toContain('<em>two tiers</em>');
    expect(html).toContain('<a href="https://example.com/plan">the plan</a>');
    expect(html).toContain('<h4>How I would approach it</h4>');
    expect(html).toMatch(/<ol><li>.*<strong>Frame it<\/strong>/);
    expect(html).toMatch(/<table style="border-collapse:collapse"><thead><tr><th style="[^"]+">Metric<\/th>/);
    expect(html).toContain('growth &amp; retention');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('javascript:');
  });

  it('copies a table as cells and a code block as its exact text', () => {
    const table = tableToRichText([['Option', 'Cost'], ['Build <in house>', '$2M']]);
    expect(table.text).toBe('Option\tCost\nBuild <in house>\t$2M');
    expect(table.html).toContain('<td style="border:1px solid #d5d9e0;padding:4px 8px;text-align:left;vertical-align:top">Build &lt;in house&gt;</td>');
    expect(codeToRichText('a < b\n  c')).toEqual({ html: '<pre style="font-family:monospace;background:#f2f4f7;padding:8px">a &lt; b\n  c</pre>', text: 'a < b\n  c' });
  });
});
