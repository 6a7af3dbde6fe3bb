/**
 * What the demo reply says of the user's documents (issue 31, point 6; decision 076): the lines of the
 * attached documents that share the question's words, or the passages read_document returned, quoted
 * and cited by their number. composeDemoReply places the section; the demo's reading of a question
 * (demo-reading.ts) picks the same lines; its figures and tools (demo-figures.ts, demo-tools.ts) read the
 * same documents.
 */

export interface DemoDocument {
  name: string;
  text: string;
  /** The document's id, when the prompt's fence names it (what read_document takes). */
  id?: string;
}

/** A passage read_document returned: the reply quotes it and cites it by its number. */
export interface DemoSource {
  n: number;
  name: string;
  location: string;
  /** The lines of the passage the reply quotes. */
  quote: string;
}

const QUESTION_STOP_WORDS = new Set('what which does is the a an of in on for to our my we do how much many and or are was were this that it its with about from by'.split(' '));

/** The lines of the documents that share the most words with the question (figures first on a tie), at most `count`. */
export function relevantLines(documents: readonly DemoDocument[], question: string, count: number): { name: string; line: string }[] {
  const wanted = new Set((question.toLowerCase().match(/[a-z][a-z-]{2,}/g) ?? []).filter((word) => !QUESTION_STOP_WORDS.has(word)));
  const scored: { name: string; line: string; score: number }[] = [];
  for (const document of documents) {
    for (const raw of document.text.split('\n')) {
      const line = raw.trim();
      if (line.length < 3 || /^\|?\s*-{3}/.test(line) || line.startsWith('#')) continue;
      const words = new Set(line.toLowerCase().match(/[a-z][a-z-]{2,}/g) ?? []);
      const overlap = [...wanted].filter((word) => words.has(word) || words.has(word.replace(/s$/, ''))).length;
      if (overlap > 0) scored.push({ name: document.name, line, score: overlap + (/\d/.test(line) ? 0.5 : 0) });
    }
  }
  return scored.sort((a, b) => b.score - a.score).slice(0, count);
}

export function documentSection(documents: readonly DemoDocument[], question: string): string[] {
  const lines = relevantLines(documents, question, 3);
  const names = documents.map((document) => `"${document.name}"`).join(', ');
  if (lines.length === 0) return ['### From your documents', `I read ${names}, and nothing in it speaks directly to this question; tell me which part you mean.`, ''];
  return [
    '### From your documents',
    `I read ${names}. What bears on your question:`,
    ...lines.map((found) => `- In "${found.name}": \`${found.line.replace(/`/g, "'")}\``),
    '',
  ];
}

/** A passage's line as a reply quotes it: a table row's cells (without the row number read_document adds), or the text. */
function quotedLine(line: string): string {
  const cells = line.trim().startsWith('|') ? line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim()) : [line.trim()];
  if (cells.length > 1 && /^\d+$/.test(cells[0]!)) cells.shift();
  return cells.filter(Boolean).join(' | ').replace(/`/g, "'");
}

/** What the reply read through read_document, quoted line by line, each line citing its source. */
export function citedSection(sources: readonly DemoSource[]): string[] {
  return [
    '### From your documents',
    ...sources.flatMap((source) => [
      `I read "${source.name}" (${source.location}) [${source.n}]:`,
      ...source.quote
        .split('\n')
        .filter((line) => line.trim())
        .slice(0, 6)
        .map((line) => `- \`${quotedLine(line)}\` [${source.n}]`),
    ]),
    '',
  ];
}
