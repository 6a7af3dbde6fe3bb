import { describe, expect, it } from 'vitest';
import { SNIPPET_MATCH_END as E, SNIPPET_MATCH_START as S } from '#contract/history.ts';
import { parseSnippet } from './snippet.ts';

describe('parseSnippet', () => {
  it('splits the text into plain and matched segments', () => {
    expect(parseSnippet(`…our ${S}pricing${E} for the ${S}analytics${E} tier`)).toEqual([
      { text: '…our ', match: false },
      { text: 'pricing', match: true },
      { text: ' for the ', match: false },
      { text: 'analytics', match: true },
      { text: ' tier', match: false },
    ]);
  });

  it('answers plain text as one segment and nothing for an empty snippet', () => {
    expect(parseSnippet('no markers <b>here</b>')).toEqual([{ text: 'no markers <b>here</b>', match: false }]);
    expect(parseSnippet('')).toEqual([]);
  });

  it('merges adjacent matches and tolerates unbalanced markers', () => {
    expect(parseSnippet(`${S}a${E}${S}b${E}`)).toEqual([{ text: 'ab', match: true }]);
    expect(parseSnippet(`x ${S}open`)).toEqual([
      { text: 'x ', match: false },
      { text: 'open', match: true },
    ]);
    expect(parseSnippet(`stray${E} end`)).toEqual([{ text: 'stray end', match: false }]);
  });
});
