import { describe, expect, it } from 'vitest';
import { parseSearchTerms } from './search-terms.ts';

describe('parseSearchTerms', () => {
  it('matches the last word as a prefix while it is typed', () => {
    expect(parseSearchTerms('pricing strat')).toEqual({ text: 'pricing strat', rest: 'pricing ', prefix: 'strat', prefixRoot: 'stra' });
    expect(parseSearchTerms('  CFO ')).toEqual({ text: 'CFO', rest: '', prefix: 'CFO', prefixRoot: 'CFO' });
    expect(parseSearchTerms('negotia')).toMatchObject({ prefix: 'negotia', prefixRoot: 'negot' });
    expect(parseSearchTerms('Übernahme')).toMatchObject({ prefix: 'Übernahme' });
  });

  it('keeps only letters and digits in the prefix, so to_tsquery syntax cannot be injected', () => {
    expect(parseSearchTerms("x:* & !y | 'z")).toMatchObject({ prefix: 'z', rest: "x:* & !y | '" });
    expect(parseSearchTerms('revenue!')).toEqual({ text: 'revenue!', rest: 'revenue!', prefix: null, prefixRoot: null });
    expect(parseSearchTerms('a&b')).toMatchObject({ prefix: 'b' });
  });

  it('leaves excluded words, open quotes and "or" to websearch', () => {
    expect(parseSearchTerms('pricing -retail')).toMatchObject({ prefix: null });
    expect(parseSearchTerms('"supply chain')).toMatchObject({ prefix: null });
    expect(parseSearchTerms('"supply chain" risk')).toMatchObject({ prefix: 'risk' });
    expect(parseSearchTerms('pricing or')).toMatchObject({ prefix: null });
    expect(parseSearchTerms('')).toEqual({ text: '', rest: '', prefix: null, prefixRoot: null });
  });
});
