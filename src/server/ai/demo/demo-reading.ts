import type { ReadDocumentInput } from '#contract/tools.ts';
import { readFences } from '../fence.ts';
import { columnLetter, sectionsOf, sheetNameOf, tableRows } from '../tools/read-document/sheet-cells.ts';
import { demoCalculation } from './demo-figures.ts';
import { relevantLines, type DemoDocument, type DemoSource } from './demo-documents.ts';

/**
 * What the offline demo advisor reads through `read_document` (issue 32, points 3 and 5): when a
 * document is attached and the question is about it, the demo's first step is a real read_document
 * call, as a real model's would be; its next steps compute from the cells it read and quote them,
 * citing each passage as [n].
 */

const QUESTION_STOP_WORDS = new Set('what which does is the a an of in on for to our my we do how much many and or are was were this that it its with about from by me you your tell show give please can could would should'.split(' '));

/** The rows a runway needs (cash and net burn), as one block of cells of one sheet: "A6:D7" of "Costs". */
function runwayCells(document: DemoDocument): { sheet: string; range: string } | null {
  for (const section of sectionsOf(document.text)) {
    const sheet = sheetNameOf(section.label);
    if (sheet === null) continue;
    const rows = tableRows(section.text);
    const cash = rows.findIndex((row) => /^cash\b/i.test(row[0] ?? ''));
    const burn = rows.findIndex((row) => /^(?:net )?(?:monthly )?burn\b/i.test(row[0] ?? ''));
    if (cash < 0 || burn < 0) continue;
    const width = Math.max(...[rows[cash]!, rows[burn]!].map((row) => row.length));
    return { sheet, range: `A${Math.min(cash, burn) + 1}:${columnLetter(width - 1)}${Math.max(cash, burn) + 1}` };
  }
  return null;
}

/** The read the demo makes for a question about attached documents, or null when the question is not about them. */
export function demoRead(question: string, documents: readonly DemoDocument[]): ReadDocumentInput | null {
  const about = documents.filter((document) => document.id);
  if (about.length === 0) return null;
  if (demoCalculation(question, about) && !demoCalculation(question)) {
    for (const document of about) {
      const cells = runwayCells(document);
      if (cells) return { query: 'net burn cash at end', documentId: document.id, sheet: cells.sheet, range: cells.range };
    }
  }
  if (relevantLines(about, question, 1).length === 0) return null;
  const words = [...new Set((question.toLowerCase().match(/[a-z][a-z-]{2,}/g) ?? []).filter((word) => !QUESTION_STOP_WORDS.has(word)))].slice(0, 8);
  if (words.length === 0) return null;
  return { query: words.join(' or '), ...(about.length === 1 ? { documentId: about[0]!.id } : {}) };
}

/** The passages read_document returned in the prompt (fenced, with their source numbers). */
export function demoSources(toolResultTexts: readonly string[], question: string): (DemoSource & { text: string })[] {
  const sources: (DemoSource & { text: string })[] = [];
  for (const text of toolResultTexts) {
    for (const block of readFences(text)) {
      const n = Number(/^\[(\d+)\]$/.exec(block.fields.source ?? '')?.[1]);
      if (block.kind !== 'document' || !Number.isInteger(n) || sources.some((source) => source.n === n)) continue;
      const lines = block.content.split('\n');
      // A range's cells: the rows under its header; a passage: its lines that share the most words with the question.
      const name = block.fields.name ?? 'document';
      const relevant = relevantLines([{ name, text: block.content }], question, 3).map((found) => found.line);
      const quote = lines[0]?.startsWith('| Row |') ? lines.slice(2).join('\n') : (relevant.length > 0 ? relevant : lines.slice(0, 2)).join('\n');
      sources.push({ n, name, location: block.fields.location ?? '', quote, text: block.content });
    }
  }
  return sources;
}

/** The passages as documents the demo's calculation reads (a range's row numbers left out). */
export function sourcesAsDocuments(sources: readonly (DemoSource & { text: string })[]): DemoDocument[] {
  return sources.map((source) => ({ name: source.name, text: source.text.replace(/^\|\s*\d+\s*\|/gm, '|') }));
}
