import { lowerFirst, resolvePersona } from '../personas/compose.ts';

/**
 * The offline demo provider's document analysis: an extractive reading (the sentences and table
 * rows that carry the document's most frequent ideas and its figures) framed in the chosen
 * executive's voice, so attaching a file can be tried without an AI key. Deterministic.
 */
export interface DemoAnalysisInput {
  executiveRole: string;
  industry: string;
  documentName: string;
  sections: readonly { label: string; text: string }[];
  /** What extraction could not read, for the limitations. */
  notes: readonly string[];
}

export interface DemoAnalysis {
  executiveSummary: string;
  keyPoints: string[];
  risks: string[];
  questions: string[];
  limitations: string[];
}

const STOP_WORDS = new Set(
  'a an and are as at be been but by can for from had has have he her his i if in into is it its may more most no not of on or our shall she should so than that the their them then there these they this those to was we were will with would you your per one two three also which who what when where how all any each over under up down out about after before between during'.split(
    ' ',
  ),
);
const RISK_WORDS = /\b(risk|risks|penalt|terminat|declin|concentrat|late|delay|loss|losses|liabilit|churn|debt|breach|exposure|shortfall|overrun|depend|renew|expir|fall|drop|cost|costs|rose|increase)/i;
const FIGURE = /(\d[\d,.]*\s?(%|percent|million|billion|thousand|k\b|m\b|bn\b)?|\$\s?\d)/i;

interface Passage {
  text: string;
  label: string;
  order: number;
}

function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z'-]{2,}/g) ?? []).filter((word) => !STOP_WORDS.has(word));
}

/** Sentences of prose and rows of tables (with their header), each a passage. */
function passagesOf(sections: DemoAnalysisInput['sections']): Passage[] {
  const passages: Passage[] = [];
  for (const section of sections) {
    const lines = section.text.split('\n');
    if (lines[0]?.startsWith('| ')) {
      const header = lines[0]!.split('|').map((cell) => cell.trim()).filter(Boolean);
      for (const line of lines.slice(2)) {
        const cells = line.split('|').map((cell) => cell.trim()).filter(Boolean);
        if (cells.length < 2) continue;
        const text = `${cells[0]}: ${cells.slice(1).map((cell, i) => `${header[i + 1] ?? ''} ${cell}`.trim()).join(', ')}`;
        passages.push({ text, label: section.label, order: passages.length });
      }
      continue;
    }
    const sentences = section.text.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+(?=[A-Z0-9"“])/);
    for (const sentence of sentences) {
      const text = sentence.trim();
      if (text.length >= 25 && text.length <= 400) passages.push({ text, label: section.label, order: passages.length });
    }
  }
  return passages;
}

function rank(passages: Passage[]): Passage[] {
  const frequency = new Map<string, number>();
  for (const passage of passages) for (const word of new Set(words(passage.text))) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const score = (passage: Passage) => {
    const list = words(passage.text);
    if (list.length === 0) return 0;
    const base = list.reduce((sum, word) => sum + (frequency.get(word) ?? 0), 0) / Math.sqrt(list.length);
    return base * (FIGURE.test(passage.text) ? 1.5 : 1) * (1 + 0.3 / (1 + passage.order));
  };
  return [...passages].sort((a, b) => score(b) - score(a) || a.order - b.order);
}

function unique(passages: Passage[], count: number): Passage[] {
  const seen = new Set<string>();
  const chosen: Passage[] = [];
  for (const passage of passages) {
    const key = passage.text.toLowerCase().replace(/\d+/g, '#');
    if (seen.has(key)) continue;
    seen.add(key);
    chosen.push(passage);
    if (chosen.length === count) break;
  }
  return chosen;
}

const where = (passage: Passage, multiple: boolean) => (multiple ? ` (${passage.label})` : '');

export function composeDemoAnalysis(input: DemoAnalysisInput): DemoAnalysis {
  const { persona, industryName, industry, knownIndustry } = resolvePersona(input.executiveRole, input.industry);
  const sector = knownIndustry ? industryName : 'general business';
  const passages = passagesOf(input.sections);
  const multiple = input.sections.length > 1;
  const limitations = [...input.notes];

  if (passages.length === 0) {
    return {
      executiveSummary: `As your ${persona.title}, I have to be straight with you: I could not read any text in "${input.documentName}", so I cannot analyse it. ${input.notes[0] ?? ''} Paste the key figures into the chat, or attach a version with selectable text, and I will give you my read.`.trim(),
      keyPoints: [],
      risks: [`Decisions made on "${input.documentName}" without its content read would rest on assumptions.`],
      questions: ['Can you share the document as text, a PDF with selectable text, or a spreadsheet?', ...persona.questionsBack.slice(0, 1)],
      limitations: limitations.length > 0 ? limitations : ['No readable text was found in the file.'],
    };
  }

  const ranked = rank(passages);
  const summary = unique(ranked, 3).sort((a, b) => a.order - b.order);
  const keyPoints = unique(ranked.filter((passage) => FIGURE.test(passage.text)).concat(ranked), 5).sort((a, b) => a.order - b.order);
  const risky = unique(passages.filter((passage) => RISK_WORDS.test(passage.text)), 3);
  const priority = persona.priorities[0] ?? 'a clear decision';

  const executiveSummary = [
    `As your ${persona.title} in ${sector}, here is my read of "${input.documentName}".`,
    summary.map((passage) => passage.text.replace(/[.;:]?$/, '.')).join(' '),
    `Through my lens, the question it raises is ${lowerFirst(priority)}. I would apply ${persona.decisionFrameworks[0]?.name ?? 'a cost-benefit analysis'}, which ${persona.decisionFrameworks[0]?.howApplied ?? 'compares options on quantified costs, benefits and risks'}.`,
  ].join(' ');

  const risks = risky.map((passage) => `${passage.text}${where(passage, multiple)}`);
  risks.push(`Watch exposure to ${lowerFirst(industry.typicalRisks[0] ?? 'execution risk')}, a typical risk in ${sector}.`);

  const figures = keyPoints.find((passage) => FIGURE.test(passage.text));
  const questions = [
    ...(figures ? [`What assumptions sit behind "${figures.text.slice(0, 80)}${figures.text.length > 80 ? '...' : ''}", and how confident are we in them?`] : []),
    ...persona.questionsBack.slice(0, 2),
  ];

  return {
    executiveSummary,
    keyPoints: keyPoints.map((passage) => `${passage.text}${where(passage, multiple)}`),
    risks,
    questions,
    limitations,
  };
}
