import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion, RRF_K } from './fusion.ts';

describe('reciprocal rank fusion (decision 085)', () => {
  it('puts first what both rankings hold, even low, before what only one ranks first', () => {
    const text = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9', 'both'];
    const vector = ['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9', 'both'];
    expect(reciprocalRankFusion([text, vector], 3)).toEqual(['both', 't1', 'v1']);
  });

  it('brings either ranking alone: a passage full text never matched comes in by its vector', () => {
    expect(reciprocalRankFusion([[], ['runway', 'hiring']], 5)).toEqual(['runway', 'hiring']);
    expect(reciprocalRankFusion([['pricing'], []], 5)).toEqual(['pricing']);
  });

  it('scores by rank with k = 60, ties kept in the first ranking’s order, and cuts at the limit', () => {
    expect(RRF_K).toBe(60);
    // a: 1/61 + 1/63; b: 1/62 + 1/61; c: 1/63 + 1/62 — b first (1/61 + 1/62 is the largest), then a, then c.
    expect(reciprocalRankFusion([['a', 'b', 'c'], ['b', 'c', 'a']], 3)).toEqual(['b', 'a', 'c']);
    // A tie (x: first in one, y: first in the other): the first ranking's comes first.
    expect(reciprocalRankFusion([['x'], ['y']], 2)).toEqual(['x', 'y']);
    expect(reciprocalRankFusion([['a', 'b', 'c']], 2)).toEqual(['a', 'b']);
    expect(reciprocalRankFusion([], 5)).toEqual([]);
  });
});
