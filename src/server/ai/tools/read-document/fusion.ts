/**
 * Reciprocal rank fusion (Cormack, Clarke and Büttcher, 2009): each list gives an item 1 / (k + rank),
 * rank counted from 1; the sums order the fused list. Ranks only, never scores: ts_rank and a cosine
 * distance are not on one scale. k = 60, the paper's value: a passage both lists rank, even tenth in
 * each (2/70), comes before one that only one list ranks, even first (1/61): agreement counts most,
 * and either list alone still brings its best (decision 085). Ties keep the first list's order.
 */
export const RRF_K = 60;

export function reciprocalRankFusion(lists: readonly (readonly string[])[], limit: number, k = RRF_K): string[] {
  const scores = new Map<string, { score: number; first: number }>();
  lists.forEach((list, which) => {
    list.forEach((key, i) => {
      const entry = scores.get(key) ?? { score: 0, first: which * 1_000_000 + i };
      entry.score += 1 / (k + i + 1);
      scores.set(key, entry);
    });
  });
  return [...scores.entries()]
    .sort((a, b) => b[1].score - a[1].score || a[1].first - b[1].first)
    .slice(0, limit)
    .map(([key]) => key);
}
