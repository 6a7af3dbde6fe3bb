/**
 * A stopped reply ends at its last complete Markdown block (issue 29, point 15): the text the model
 * had written when the user pressed Stop, without what only makes sense with more to come. Pure; the
 * reply engine applies it when it saves a stopped reply, so the transcript, history and exports show
 * the same text.
 *
 * - A code block still open is dropped from its opening fence.
 * - The line being written (no newline after it yet): a heading, a table row, a rule or a bare list
 *   marker goes; a sentence in progress goes back to the line's last complete sentence (kept as it is
 *   when it has none: the words the user saw), with an unpaired `**` or `__` mark closed off.
 * - Then, from the end: blank lines, empty list items ("1."), headings with nothing under them, rules,
 *   and a table that has its header but no row yet.
 */
export function endAtLastCompleteBlock(text: string): string {
  let lines = text.split('\n');
  const fences = lines.flatMap((line, index) => (/^\s*(```|~~~)/.test(line) ? [index] : []));
  if (fences.length % 2 === 1) lines = lines.slice(0, fences.at(-1));
  else if (!text.endsWith('\n') && lines.length > 0) {
    const partial = finishPartialLine(lines.at(-1)!);
    lines = partial === null ? lines.slice(0, -1) : [...lines.slice(0, -1), partial];
  }
  for (;;) {
    const last = lines.at(-1);
    if (last === undefined) break;
    const line = last.trim();
    if (line === '' || isBareListMarker(line) || isHeading(line) || isRule(line)) {
      lines.pop();
      continue;
    }
    if (isTableRow(line)) {
      // A table whose rows had not started: its header and delimiter go.
      const start = tableStart(lines);
      if (lines.length - start <= 2 && lines.slice(start).some((l) => isTableDelimiter(l.trim()))) {
        lines = lines.slice(0, start);
        continue;
      }
      if (isTableDelimiter(line)) {
        lines.pop();
        continue;
      }
    }
    break;
  }
  return lines.join('\n').trimEnd();
}

const isBareListMarker = (line: string) => /^([-*+]|\d+[.)])$/.test(line);
const isHeading = (line: string) => /^#{1,6}(\s|$)/.test(line);
const isRule = (line: string) => /^([-*_])(\s*\1){2,}$/.test(line);
const isTableRow = (line: string) => line.startsWith('|');
const isTableDelimiter = (line: string) => /^\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?$/.test(line);

function tableStart(lines: string[]): number {
  let start = lines.length;
  while (start > 0 && isTableRow(lines[start - 1]!.trim())) start--;
  return start;
}

/** The line being written when the reply stopped: what of it stands (null: nothing). */
function finishPartialLine(line: string): string | null {
  const trimmed = line.trim();
  if (trimmed === '' || isHeading(trimmed) || isTableRow(trimmed) || isRule(trimmed) || isBareListMarker(trimmed)) return null;
  const marker = /^(\s*(?:[-*+]|\d+[.)])\s+|\s*>\s?)?/.exec(line)![0];
  const body = line.slice(marker.length);
  if (!/[\p{L}\p{N}]/u.test(body)) return null;
  // Up to the last complete sentence, when there is one with words after it.
  const ends = [...body.matchAll(/[.!?](?:\*{1,2}|_{1,2}|[”’")])*(?=\s|$)/g)];
  const cut = ends.length > 0 ? body.slice(0, ends.at(-1)!.index + ends.at(-1)![0].length) : body.trimEnd();
  return marker + closeEmphasis(cut);
}

/** An emphasis mark opened and not closed (the model was cut in the middle of it) is closed at the end. */
function closeEmphasis(text: string): string {
  let result = text;
  for (const mark of ['**', '__']) {
    const count = result.split(mark).length - 1;
    if (count % 2 === 1) result = `${result.trimEnd()}${mark}`;
  }
  return result;
}
