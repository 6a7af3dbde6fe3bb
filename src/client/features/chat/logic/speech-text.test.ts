import { describe, expect, it } from 'vitest';
import { speechTextFrom } from './speech-text.ts';

describe('speechTextFrom', () => {
  it('drops the demo marker and Markdown syntax', () => {
    const text = speechTextFrom(
      '> *Demo mode: composed offline.*\n\n**My take:** grow *carefully*.\n\n### Next steps\n1. **Frame it** first\n- Ask [the CFO](https://example.com) about `cash`',
    );
    expect(text).toBe('My take: grow carefully. Next steps. Frame it first. Ask the CFO about cash.');
  });

  it('reads tables as comma-separated rows without the ruler', () => {
    expect(speechTextFrom('| Metric | Why |\n| --- | :-: |\n| ARR growth | Momentum |')).toBe('Metric, Why. ARR growth, Momentum.');
  });

  it('skips code blocks and HTML', () => {
    expect(speechTextFrom('Run this:\n```sh\nrm -rf /\n```\nDone <b>now</b>')).toBe('Run this: Done now.');
  });

  it('keeps underscores inside words', () => {
    expect(speechTextFrom('Use snake_case_names here')).toBe('Use snake_case_names here.');
  });
});
