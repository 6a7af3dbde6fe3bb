/**
 * History cards show message text as one plain line: Markdown marks are removed (the card is not
 * the place to render a reply), whitespace collapses, and long text is cut at a word with an ellipsis.
 * Snippet match markers (private-use characters) pass through untouched.
 */

const blockMarks: Array<[RegExp, string]> = [
  [/^\s{0,3}(```|~~~).*$/gm, ''],
  [/^\s{0,3}([-*_])(\s*\1){2,}\s*$/gm, ''],
  [/^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/gm, ''],
  [/^\s{0,3}#{1,6}\s+/gm, ''],
  [/^\s{0,3}(>\s?)+/gm, ''],
  [/^\s*([-*+]|\d{1,3}[.)])\s+(\[[ xX]\]\s+)?/gm, ''],
  [/^\s*\|(.*?)\|?\s*$/gm, '$1'],
];

const inlineMarks: Array<[RegExp, string]> = [
  [/!\[([^\]]*)\]\([^)]*\)/g, '$1'],
  [/\[([^\]]+)\]\([^)]*\)/g, '$1'],
  [/<((?:https?|mailto):[^>\s]+)>/g, '$1'],
  [/\*+|~~|`+/g, ''],
  [/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, ''],
  [/\s*\|\s*/g, ' · '],
];

/** Characters any of the marks above needs; text without them (most questions) skips the rules. */
const markdownCharacters = /[#*_`>|[\]~<]|^\s*(\d{1,3}[.)]|[-+])\s|^\s*-{3,}/m;

export function markdownToPlainText(markdown: string): string {
  if (!markdownCharacters.test(markdown)) return markdown.replace(/\s+/g, ' ').trim();
  let text = markdown;
  for (const [pattern, replacement] of blockMarks) text = text.replace(pattern, replacement);
  for (const [pattern, replacement] of inlineMarks) text = text.replace(pattern, replacement);
  return text
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts at a word boundary near `max` characters, adding an ellipsis when anything was cut. */
export function truncateText(text: string, max: number, alreadyCut = false): string {
  if (text.length <= max) return alreadyCut ? `${text}…` : text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export const PREVIEW_LENGTH = 160;

/** `stored` is the start of a message, read up to `readLength` characters (one more when it goes on). */
export function previewText(stored: string | null, readLength = 240): string | null {
  if (!stored) return null;
  const cut = stored.length > readLength;
  const plain = markdownToPlainText(cut ? stored.slice(0, readLength) : stored);
  return plain ? truncateText(plain, PREVIEW_LENGTH, cut) : null;
}

/**
 * A ts_headline fragment of `source` as a plain line, with an ellipsis on each side where the
 * message goes on. Markers are kept; the fragment is found in the source by its unmarked text.
 */
export function snippetText(headline: string | null, source: string | null, markers: { start: string; end: string }): string | null {
  if (!headline || !source) return null;
  const unmarked = headline.replaceAll(markers.start, '').replaceAll(markers.end, '');
  const at = source.indexOf(unmarked);
  const before = at > 0 && source.slice(0, at).trim() !== '';
  // A fragment stops at a word: closing punctuation right after it belongs to it, not to "more text".
  const rest = at >= 0 ? source.slice(at + unmarked.length) : '';
  const closing = /^[.,;:!?)\]"'”’]*/.exec(rest)![0];
  const after = rest.slice(closing.length).trim() !== '';
  const plain = markdownToPlainText(headline + closing);
  if (!plain) return null;
  return `${before ? '… ' : ''}${plain}${after ? ' …' : ''}`;
}
