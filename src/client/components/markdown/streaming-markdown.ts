import remend from 'remend';

/** A GFM table's delimiter row: `| --- | :---: |`, at least one cell of dashes with optional colons. */
const DELIMITER_ROW = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

function cellCount(row: string): number {
  return row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').length;
}

/**
 * A table whose header has arrived but whose delimiter row has not is, to Markdown, a paragraph of
 * pipes; a moment later it becomes a table. Held back until it can render as one, so the reply never
 * shows raw pipes that then vanish.
 */
export function holdBackPartialTable(text: string): string {
  const lines = text.split('\n');
  // A line just ended ("| Metric | Why |\n") leaves an empty last line: the table may still be forming above it.
  const end = lines.length > 1 && lines.at(-1)!.trim() === '' ? lines.length - 1 : lines.length;
  let start = end;
  while (start > 0 && lines[start - 1]!.trimStart().startsWith('|')) start -= 1;
  if (start === end) return text;
  const [header, delimiter] = lines.slice(start, end);
  const formed = header !== undefined && delimiter !== undefined && DELIMITER_ROW.test(delimiter) && cellCount(delimiter) === cellCount(header);
  return formed ? text : lines.slice(0, start).join('\n');
}

/**
 * What a reply still being written shows: unclosed inline Markdown (a bold phrase half written, a
 * link without its end) completed by remend, and a table that has not formed yet held back. The
 * saved text is never changed; this is display only.
 */
export function markdownWhileStreaming(text: string): string {
  return remend(holdBackPartialTable(text));
}
