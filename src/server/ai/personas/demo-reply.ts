import { lowerFirst, resolvePersona, resolveUserRole } from './compose.ts';
import type { AdviceCaveat, DecisionFramework } from './roles.ts';

export const DEMO_MARKER =
  '> *Demo mode: this reply was composed offline by the built-in demo advisor. Configure an AI provider for real answers.*';

export interface DemoReplyInput {
  executiveRole: string;
  industry: string;
  userRole: string;
  question: string;
  /** Documents the reply was given (attached files): the demo quotes the lines that answer the question. */
  documents?: DemoDocument[];
}

export interface DemoDocument {
  name: string;
  text: string;
}

const QUESTION_STOP_WORDS = new Set('what which does is the a an of in on for to our my we do how much many and or are was were this that it its with about from by'.split(' '));

/** The lines of the documents that share the most words with the question (figures first on a tie), at most `count`. */
function relevantLines(documents: readonly DemoDocument[], question: string, count: number): { name: string; line: string }[] {
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

function documentSection(documents: readonly DemoDocument[], question: string): string[] {
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

const DEMO_CAVEATS: Record<Exclude<AdviceCaveat, null>, string> = {
  legal:
    '*Not legal advice: this is general information. Have a licensed attorney review the facts and the jurisdiction before you act.*',
  financial:
    '*Not financial, investment or tax advice: this is general information. Check material decisions with a qualified financial adviser or CPA.*',
  medical: '*Not medical advice: this is general information. Consult a licensed clinician about clinical questions.*',
};

const QUOTE_WORDS = 12;

const FALLBACK_FRAMEWORK: DecisionFramework = {
  name: 'Cost-benefit analysis',
  howApplied: 'compares options on quantified costs, benefits and risks',
};

// FNV-1a: tiny, stable across runs and platforms, so the same question always gets the same reply.
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

// Data tests guarantee non-empty lists; the fallback only keeps the types honest.
function pick<T>(list: readonly T[], seed: number, fallback: T): T {
  return list[seed % list.length] ?? fallback;
}

function rotate<T>(list: readonly T[], start: number, count: number): T[] {
  const offset = start % list.length;
  return [...list.slice(offset), ...list.slice(0, offset)].slice(0, count);
}

/** A short, Markdown-inert excerpt of the question: user text must not break the reply's structure. */
function quoteQuestion(question: string): string {
  const words = question
    .replace(/[*_`#>|[\]<>~\\"“”]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return 'your question';
  const excerpt = words.slice(0, QUOTE_WORDS).join(' ');
  return `“${words.length > QUOTE_WORDS ? `${excerpt}…` : excerpt}”`;
}

function firstSentence(text: string): string {
  return text.split(/(?<=\.)\s+/)[0] ?? text;
}

/**
 * What the offline demo provider answers: a real-looking, persona-shaped reply so the whole
 * product (streaming, Markdown, history, titles) can be tried without an AI key.
 */
export function composeDemoReply(input: DemoReplyInput): string {
  const { persona, industryName, industry, knownIndustry } = resolvePersona(input.executiveRole, input.industry);
  const user = resolveUserRole(input.userRole);
  const seed = hashText(input.question.trim());

  const frameworks = persona.decisionFrameworks;
  const lead = pick(frameworks, seed, FALLBACK_FRAMEWORK);
  const check = pick(frameworks, (seed % frameworks.length) + 1, FALLBACK_FRAMEWORK);
  const priority = pick(persona.priorities, seed >>> 5, 'a clear decision');
  const metrics = rotate(industry.keyMetrics, seed >>> 9, 3);
  const questions = rotate(persona.questionsBack, seed >>> 13, 2);
  const risk = pick(industry.typicalRisks, seed >>> 17, 'execution risk');
  const regulation = pick(industry.regulation, seed >>> 21, 'the rules that apply to you');
  const sector = knownIndustry ? industryName : 'general business';

  const lines = [
    DEMO_MARKER,
    '',
    `**My take as your ${persona.title} (${sector}):** on ${quoteQuestion(input.question)}, I would make **${lowerFirst(priority)}** the deciding test, and commit only once the measures below are in place. I have pitched this ${user.profile.tone}, since you are a ${user.label}.`,
    '',
    ...(input.documents?.length ? documentSection(input.documents, input.question) : []),
    '### How I would approach it',
    `1. **Frame it with ${lead.name}**, which ${lead.howApplied}.`,
    `2. **Ground it in ${sector} economics.** ${firstSentence(industry.economics)}`,
    `3. **Pressure-test with ${check.name}**, then check exposure to ${lowerFirst(risk)} and obligations under ${regulation}. Decide with one owner and a date.`,
    '',
    '### What I would measure',
    '| Metric | Why it matters here |',
    '| --- | --- |',
    ...metrics.map((metric) => `| ${metric.name} | ${metric.why} |`),
    '',
    '### Questions for you',
    ...questions.map((question) => `- ${question}`),
  ];
  if (persona.adviceCaveat) lines.push('', DEMO_CAVEATS[persona.adviceCaveat]);
  return lines.join('\n');
}
