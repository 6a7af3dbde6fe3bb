import { CELL_RANGE, readDocumentLimits } from '#contract/tools.ts';

/**
 * A spreadsheet's cells as the extraction stored them (decision 076): each sheet is a section of the
 * document's text under `## Sheet "Name"`, a Markdown table whose lines are the sheet's rows from row
 * 1 (the header line is row 1; blank rows are kept, so line n is row n), columns from A.
 */

export class ReadDocumentError extends Error {}

export interface Section {
  label: string;
  text: string;
}

/** The sections of a document's stored text (joinSections: `## label`, a blank line, the text). */
export function sectionsOf(content: string): Section[] {
  const sections: Section[] = [];
  const heads = [...content.matchAll(/^## (.+)$/gm)];
  heads.forEach((head, i) => {
    const start = head.index + head[0].length;
    const end = i + 1 < heads.length ? heads[i + 1]!.index : content.length;
    sections.push({ label: head[1]!.trim(), text: content.slice(start, end).trim() });
  });
  return sections;
}

/** A sheet's name from its section label (`Sheet "Costs"`); a CSV's one table is "Table". */
export function sheetNameOf(label: string): string | null {
  const sheet = /^Sheet "(.*)"/.exec(label);
  if (sheet) return sheet[1]!;
  return label === 'Table' ? 'Table' : null;
}

/** The cells of one Markdown table line (`| a | b\| c |`). */
export function cellsOf(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** The rows of a sheet's table, row 1 first (the separator line under the header is not a row). */
export function tableRows(text: string): string[][] {
  const lines = text.split('\n').filter((line) => line.startsWith('|'));
  return lines.filter((_, i) => i !== 1).map(cellsOf);
}

export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

function columnIndex(letters: string): number {
  let n = 0;
  for (const letter of letters) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n - 1;
}

export interface CellRange {
  firstColumn: number;
  lastColumn: number;
  firstRow: number;
  lastRow: number;
}

/** "A1:D20", "b7", "D20:A1" (either corner first); anything else is a ReadDocumentError the model can act on. */
export function parseRange(range: string): CellRange {
  const match = CELL_RANGE.exec(range.trim().toUpperCase().replace(/\$/g, ''));
  if (!match) throw new ReadDocumentError(`"${range}" is not a cell range: name cells as a spreadsheet does, e.g. A1:D20 or B7.`);
  const [, c1, r1, c2 = c1, r2 = r1] = match;
  const columns = [columnIndex(c1!), columnIndex(c2!)].sort((a, b) => a - b);
  const rows = [Number(r1), Number(r2)].sort((a, b) => a - b);
  const range_ = { firstColumn: columns[0]!, lastColumn: columns[1]!, firstRow: rows[0]!, lastRow: rows[1]! };
  const cells = (range_.lastColumn - range_.firstColumn + 1) * (range_.lastRow - range_.firstRow + 1);
  if (cells > readDocumentLimits.cells) {
    throw new ReadDocumentError(`${range} is ${cells.toLocaleString('en-US')} cells; read at most ${readDocumentLimits.cells.toLocaleString('en-US')} at a time (fewer rows or columns).`);
  }
  return range_;
}

export const rangeName = (range: CellRange) => {
  const start = `${columnLetter(range.firstColumn)}${range.firstRow}`;
  const end = `${columnLetter(range.lastColumn)}${range.lastRow}`;
  return start === end ? start : `${start}:${end}`;
};

const escapeCell = (cell: string) => cell.replace(/\|/g, '\\|');

/**
 * The cells of a range as a table the model and the reader can read: a header of column letters, each
 * row under its row number. `quote` is the rows themselves (what the reply relies on), `text` the whole.
 * A range past the sheet's edge is cut to it; one wholly outside is an error.
 */
export function readRange(sheet: string, rows: string[][], range: CellRange): { text: string; quote: string; range: CellRange } {
  const width = Math.max(0, ...rows.map((row) => row.length));
  const cut: CellRange = { ...range, lastRow: Math.min(range.lastRow, rows.length), lastColumn: Math.min(range.lastColumn, width - 1) };
  if (rows.length === 0 || cut.firstRow > cut.lastRow || cut.firstColumn > cut.lastColumn) {
    const extent = rows.length === 0 ? 'no cells' : `rows 1–${rows.length} and columns A–${columnLetter(width - 1)}`;
    throw new ReadDocumentError(`sheet "${sheet}" has ${extent}; ${rangeName(range)} is outside them.`);
  }
  const letters: string[] = [];
  for (let c = cut.firstColumn; c <= cut.lastColumn; c++) letters.push(columnLetter(c));
  const header = [`| Row | ${letters.join(' | ')} |`, `| --- | ${letters.map(() => '---').join(' | ')} |`].join('\n');
  const lines: string[] = [];
  let chars = header.length;
  for (let r = cut.firstRow; r <= cut.lastRow; r++) {
    const row = rows[r - 1]!;
    const cells: string[] = [];
    for (let c = cut.firstColumn; c <= cut.lastColumn; c++) cells.push(escapeCell(row[c] ?? ''));
    const line = `| ${r} | ${cells.join(' | ')} |`;
    if (chars + line.length + 1 > readDocumentLimits.chars) {
      cut.lastRow = r - 1;
      break;
    }
    lines.push(line);
    chars += line.length + 1;
  }
  if (lines.length === 0) throw new ReadDocumentError(`the rows of ${rangeName(range)} are too long to read at once: name fewer columns.`);
  const quote = lines.join('\n');
  return { text: `${header}\n${quote}`, quote, range: cut };
}
