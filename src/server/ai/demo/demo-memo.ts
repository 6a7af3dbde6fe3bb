import { lowerFirst, resolvePersona } from '../personas/compose.ts';
import { readQuestion } from './question-reading.ts';

/** The demo model's decision memo (issue 14, point 5): built from the conversation's own question and replies. */
export type DemoMemoRequest = {
  task: 'memo';
  executiveRole: string;
  industry: string;
  /** The first question of the conversation. */
  question: string;
  /** The advisor's complete replies, oldest first. */
  replies: string[];
  /** The user's later questions, oldest first. */
  followUps: string[];
};

const plain = (text: string) =>
  text
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/^\s*>\s?/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** A reply's lines without the demo banner and the advice caveat (both italic lines of their own). */
function bodyLines(reply: string): string[] {
  return reply.split('\n').filter((line) => !/^\s*>?\s*\*[^*].*\*\s*$/.test(line));
}

/** The question the conversation opened with: its first sentence that asks, else its first sentence. */
function decisionOf(question: string): string {
  const text = question.replace(/\s+/g, ' ').trim();
  const sentences = text.match(/[^.!?]+[.!?]*/g)?.map((s) => s.trim()) ?? [];
  const asking = sentences.find((s) => s.endsWith('?')) ?? sentences[0] ?? text;
  const context = sentences.filter((s) => s !== asking && !s.endsWith('?')).slice(0, 1);
  return [...context, asking].join(' ') || 'The decision discussed in this conversation.';
}

/** The rows of the first Markdown table with a column named like `column`: [first cell, that column's cell]. */
function tableColumn(lines: string[], column: RegExp): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  /** The column's index in the current table: null before its header row, -1 when it has no such column. */
  let index: number | null = null;
  for (const line of lines) {
    if (!/^\s*\|/.test(line)) {
      if (rows.length > 0) break;
      index = null;
      continue;
    }
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    if (cells.every((cell) => /^:?-+:?$/.test(cell))) continue;
    if (index === null) {
      index = cells.findIndex((cell) => column.test(cell));
      continue;
    }
    if (index > 0 && cells[0] && cells[index]) rows.push([plain(cells[0]), plain(cells[index]!)]);
  }
  return rows;
}

/** Bullets under headings that match `heading`. */
function bulletsUnder(lines: string[], heading: RegExp): string[] {
  const items: string[] = [];
  let inside = false;
  for (const line of lines) {
    const title = /^\s*#{1,6}\s+(.*)$/.exec(line);
    if (title) {
      inside = heading.test(title[1]!);
      continue;
    }
    if (inside && /^\s*(?:[-*+]|\d+[.)])\s+/.test(line)) items.push(plain(line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')));
  }
  return items;
}

/** A labelled line of a reply ("**My lean:** ..."), its text after the label. */
function labelled(lines: string[], label: RegExp): string | null {
  for (const line of lines) {
    const match = /^\s*(?:[-*+]\s+)?\*\*([^*]+?):?\*\*:?\s*(.+)$/.exec(line);
    if (match && label.test(match[1]!)) return plain(match[2]!);
  }
  return null;
}

function firstParagraph(lines: string[]): string | null {
  const paragraph = lines.find((line) => line.trim() && !/^\s*(#|\||[-*+]\s|\d+[.)]\s|>)/.test(line) && !/^\s*\*\*[^*]+:\*\*/.test(line));
  return paragraph ? plain(paragraph) : null;
}

const unique = (items: string[]) => [...new Set(items.filter(Boolean))];

/**
 * The memo the demo advisor writes, in the sections the memo prompt asks for: the opening question,
 * the options the question or the replies weighed, the advisor's lean, the risks the replies named
 * (else the persona's own), and what the replies asked back.
 */
export function composeDemoMemo(request: DemoMemoRequest): string {
  const { persona, industryName, knownIndustry } = resolvePersona(request.executiveRole, request.industry);
  const lines = request.replies.flatMap(bodyLines);
  const reading = readQuestion(request.question);

  const tableRisks = tableColumn(lines, /risk/i);
  const optionRows = tableColumn(lines, /strongest case|case for|upside|benefit/i);
  const options = unique([
    ...optionRows.map(([option, upside]) => `${option}: strongest case is ${lowerFirst(upside)}.`),
    ...(optionRows.length === 0 ? reading.options.map((option) => `${option.charAt(0).toUpperCase()}${option.slice(1)}.`) : []),
    ...bulletsUnder(lines, /option|alternative|scenario/i),
  ]).slice(0, 4);
  const firstStep = lines.map((line) => /^\s*\d+[.)]\s+\*\*(.+?)\*\*/.exec(line)?.[1]?.replace(/[.,:;]+$/, '')).find(Boolean);
  if (options.length === 0) {
    options.push(
      firstStep ? `Act now on the approach discussed: ${lowerFirst(firstStep)}.` : `Act now, judged by ${persona.decisionFrameworks[0]?.name ?? 'one clear test'}.`,
      'Run a small, time-boxed pilot first and decide on its results.',
      'Do nothing for now, and name the cost of waiting.',
    );
  }

  const take = labelled(lines, /^my take/i)
    ?.replace(/^on “[^”]*”,\s*/, '')
    .match(/^[^.!?]+[.!?]?/)?.[0];
  // "Here are the steps…" announces a plan rather than recommending: the plan's first step says more.
  const takeRecommends = take && !/^(here|you asked|as you asked)\b/i.test(take) ? take : firstStep ? `Follow the plan discussed, starting with: ${lowerFirst(firstStep)}` : undefined;
  const lean = labelled(lines, /lean|recommend|bottom line|my advice|verdict/i);
  const recommendation =
    (lean && /^the option\b/i.test(lean) ? `Choose ${lean}` : lean) ??
    bulletsUnder(lines, /recommend/i)[0] ??
    takeRecommends ??
    firstParagraph(request.replies.length > 0 ? bodyLines(request.replies.at(-1)!) : []) ??
    `Decide with ${lowerFirst(persona.priorities[0] ?? 'the business case')} as the test.`;

  const risks = unique([
    ...tableRisks.map(([option, risk]) => `${option}: ${lowerFirst(risk)}.`),
    ...bulletsUnder(lines, /risk|watch|worr/i),
    ...(labelled(lines, /worries me|main risk|risk/i) ? [labelled(lines, /worries me|main risk|risk/i)!] : []),
    ...lines.flatMap((line) => [...line.matchAll(/exposure to ([^.;]+?)(?= and obligations| and |[.;]|$)/g)].map((match) => `Exposure to ${plain(match[1]!)}.`)),
  ]).slice(0, 4);
  if (risks.length === 0) risks.push(`Losing sight of ${lowerFirst(persona.priorities[0] ?? 'the priorities')}${knownIndustry ? ` in ${industryName}` : ''}.`);

  const openQuestions = unique([...bulletsUnder(lines, /question/i), ...lines.filter((line) => /^\s*[-*+]\s+.*\?\s*$/.test(line)).map((line) => plain(line.replace(/^\s*[-*+]\s+/, '')))]).slice(0, 4);
  if (openQuestions.length === 0) openQuestions.push(...persona.questionsBack.slice(0, 2));

  const bullets = (items: string[]) => items.map((item) => `- ${item}`);
  return [
    '## Question',
    decisionOf(request.question),
    '',
    '## Options considered',
    ...bullets(options),
    '',
    '## Recommendation',
    `${recommendation.charAt(0).toUpperCase()}${recommendation.slice(1).replace(/[.\s]*$/, '.')} (${persona.title}${knownIndustry ? `, ${industryName}` : ''})`,
    '',
    '## Risks',
    ...bullets(risks),
    '',
    '## Open questions',
    ...bullets(openQuestions),
  ].join('\n');
}
