import type { SearchTerms } from './search.queries.ts';

const trailingWord = /[\p{L}\p{N}]+$/u;

/**
 * Words are stored stemmed ("negotiation" as "negoti"), so a half-typed word can run past its stem
 * ("negotia"); a slightly shorter root, matched as typed, still finds it.
 */
function prefixRoot(prefix: string): string {
  if (prefix.length >= 6) return prefix.slice(0, -2);
  if (prefix.length === 5) return prefix.slice(0, -1);
  return prefix;
}

/**
 * Reads what the user typed. The whole text goes to websearch_to_tsquery, which never fails on
 * syntax ("quoted phrases", or, -excluded). While the last word is still being typed (the text
 * ends in it), it also matches as a prefix: "pric" finds "pricing". The prefix is letters and
 * digits only, so it is safe to hand to to_tsquery. A word inside an open quote, after a minus,
 * or the operator "or" is left to websearch alone.
 */
export function parseSearchTerms(input: string): SearchTerms {
  const text = input.trim();
  const match = trailingWord.exec(text);
  if (!match) return { text, prefix: null, rest: text, prefixRoot: null };
  const rest = text.slice(0, match.index);
  const before = rest.at(-1);
  const insideQuote = (text.match(/"/g)?.length ?? 0) % 2 === 1;
  if (before === '-' || insideQuote || match[0].toLowerCase() === 'or') return { text, prefix: null, rest: text, prefixRoot: null };
  return { text, prefix: match[0], rest, prefixRoot: prefixRoot(match[0]) };
}
