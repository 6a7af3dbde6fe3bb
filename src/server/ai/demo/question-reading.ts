/**
 * What the demo advisor reads in a question (issue 14, defect 11 and point 8): the figures and names
 * it gives, the options it weighs, and the shape it asks for (a table, a list, steps, a forecast), so
 * the offline reply engages the question instead of repeating one skeleton.
 */
export type AnswerShape = 'table' | 'list' | 'steps' | 'forecast' | 'advice';

export interface QuestionReading {
  shape: AnswerShape;
  /** How many items or steps were asked for ("top 5", "three steps"), when said. */
  count: number | null;
  /** Amounts, percentages and counted things as written: "$2M", "15%", "40 people". */
  figures: string[];
  /** Proper names and quoted terms: "Acme", "Berlin", "Project Atlas". */
  names: string[];
  /** The alternatives of an "A or B" / "A vs B" question, short. */
  options: string[];
  /** For a forecast: the horizon asked ("next 3 years"), in periods. */
  horizon: { periods: number; unit: 'year' | 'quarter' | 'month' } | null;
}

const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** Words that start sentences or questions, not names. */
const NOT_NAMES = new Set(
  'I We Our Us My Me You Your Should Shall What Which Who Whom Whose When Where Why How Can Could Would Will Do Does Did Is Are Was Were Be Give Make List Show Tell Please Help Compare Forecast Project Build Create Write Draft Plan Rank The A An And Or But If In On At For With By To Of From Hi Hello Hey Also Then Thanks Thank Next Last This That These Those It Its'.split(
    ' ',
  ),
);

/** Abbreviations that are roles or units rather than names worth repeating. */
const NOT_NAME_ACRONYMS = new Set(['CEO', 'CFO', 'COO', 'CTO', 'CIO', 'CMO', 'CHRO', 'CRO', 'CPO', 'VP', 'AI', 'OK', 'Q1', 'Q2', 'Q3', 'Q4', 'KPI', 'KPIs']);

const FIGURE =
  /(?:[$€£]\s?\d[\d,]*(?:\.\d+)?\s?(?:k|m|mm|bn|b|million|billion|thousand)?\b|\b\d[\d,]*(?:\.\d+)?\s?(?:%|percent\b)|\b\d[\d,]*(?:\.\d+)?\s?(?:k|m|bn|million|billion|thousand)\b(?:\s+[a-z][a-z-]+)?|\b\d[\d,]*(?:\.\d+)?\s+[a-z][a-z-]{2,}\b)/gi;

/** Words after a number that make it a date or a vague count rather than a figure worth quoting. */
const NOT_FIGURE_NOUN = /\s(?:and|or|of|to|the|a|in|on|at|for|with|by|is|are|was|were|we|i|it)$/i;

const COUNTED_SHAPE = /^\d+\s+(?:steps|ways|ideas|options|reasons|risks|actions|priorities|things|points|questions|moves|levers|initiatives|metrics|kpis|years?|quarters?|months?)$/i;

function figuresIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(FIGURE)) {
    let figure = match[0].trim().replace(/[,.]+$/, '');
    if (NOT_FIGURE_NOUN.test(figure)) figure = figure.replace(NOT_FIGURE_NOUN, '');
    // A bare year or a list number ("1.") says nothing on its own.
    if (/^(?:19|20)\d\d$/.test(figure) || /^\d$/.test(figure)) continue;
    // "top 5 ways", "next 3 years": the shape and horizon of the answer, not a figure of the business.
    if (COUNTED_SHAPE.test(figure)) continue;
    if (!found.some((seen) => seen.toLowerCase() === figure.toLowerCase())) found.push(figure);
  }
  return found.slice(0, 4);
}

function namesIn(text: string): string[] {
  const names: string[] = [];
  const add = (name: string) => {
    const clean = name.trim().replace(/[’']s$/, '');
    if (clean.length > 1 && clean.length <= 40 && !names.some((seen) => seen.toLowerCase() === clean.toLowerCase())) names.push(clean);
  };
  for (const match of text.matchAll(/["“]([^"”]{2,40})["”]/g)) add(match[1]!);
  // Capitalised words not opening a sentence, joined while consecutive ("Project Atlas", "New York").
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const words = sentence.split(/\s+/).filter(Boolean);
    let run: string[] = [];
    const flush = () => {
      if (run.length) add(run.join(' '));
      run = [];
    };
    words.forEach((raw, index) => {
      const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}&'’-]+$/gu, '');
      const capitalised = /^\p{Lu}[\p{L}\p{N}&'’-]*$/u.test(word) && !NOT_NAMES.has(word) && !NOT_NAME_ACRONYMS.has(word);
      if (capitalised && (index > 0 || run.length > 0 || /^\p{Lu}{2,}/u.test(word))) run.push(word);
      else flush();
      if (/[,;:?!.)]$/.test(raw)) flush();
    });
    flush();
  }
  return names.slice(0, 3);
}

/** "Should we open branches in the suburbs or go digital-only?" gives both alternatives, shortened. */
function optionsIn(text: string): string[] {
  const sentence = text.split(/(?<=[?!.])\s+/).find((s) => /\s(?:or|vs\.?|versus)\s/i.test(s));
  if (!sentence) return [];
  const body = sentence
    .replace(/[?!.]+$/, '')
    .replace(/\s+(?:in|as) a table$|\s+side by side$/i, '')
    .replace(/^.*?\b(?:should (?:we|i)|shall (?:we|i)|do (?:we|i)|whether to|between|compare|better[:,]?|choose)\s+/i, '')
    .replace(/^(?:to|the choice of)\s+/i, '');
  const parts = body
    .split(/\s*,\s*(?:or\s+)?|\s+(?:or|vs\.?|versus|and)\s+/i)
    .map((part) => part.replace(/^(?:to|we|i)\s+/i, '').trim())
    .filter((part) => /\p{L}/u.test(part));
  if (parts.length < 2 || parts.length > 4) return [];
  // "AWS vs Azure vs GCP for our data platform": the last option carries the question's tail.
  const longestOther = Math.max(...parts.slice(0, -1).map((part) => part.split(/\s+/).length));
  const last = parts.at(-1)!;
  if (last.split(/\s+/).length > longestOther + 2) parts[parts.length - 1] = last.replace(/\s+(?:for|in|to|on|at|with|across|over)\s.*$/i, '');
  return parts.map((part) => part.split(/\s+/).slice(0, 7).join(' '));
}

function countIn(text: string): number | null {
  const match =
    text.match(/\b(?:top|give me|list|name|suggest)?\s*(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:\w+\s+)?(?:steps|ways|ideas|options|reasons|risks|actions|priorities|things|points|questions|moves|levers|initiatives|metrics|kpis)\b/i) ??
    // "a 3-step plan", "a five-point checklist"
    text.match(/\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)[- ](?:step|point|part|stage|item)\b/i);
  if (!match) return null;
  const value = NUMBER_WORDS[match[1]!.toLowerCase()] ?? Number(match[1]);
  return Number.isFinite(value) && value >= 2 ? Math.min(value, 8) : null;
}

function horizonIn(text: string): QuestionReading['horizon'] {
  const match = text.match(/\b(?:next|coming|over the next|for the next)\s+(\d{1,2}|two|three|four|five|six|eight|ten|twelve)?\s*(years?|quarters?|months?)\b/i);
  if (!match) return null;
  const unit = match[2]!.toLowerCase().replace(/s$/, '') as 'year' | 'quarter' | 'month';
  const raw = match[1]?.toLowerCase();
  const periods = raw ? (NUMBER_WORDS[raw] ?? (raw === 'twelve' ? 12 : Number(raw))) : unit === 'quarter' ? 4 : unit === 'month' ? 6 : 3;
  // A month-by-month table over a year reads better by quarter.
  if (unit === 'month' && periods > 6) return { periods: Math.min(4, Math.ceil(periods / 3)), unit: 'quarter' };
  return { periods: Math.max(2, Math.min(periods, 5)), unit };
}

export function readQuestion(question: string): QuestionReading {
  const text = question.replace(/\s+/g, ' ').trim();
  const lower = text.toLowerCase();
  const options = optionsIn(text);
  const count = countIn(text);
  const horizon = horizonIn(text);
  let shape: AnswerShape = 'advice';
  if (/\bforecast|\bprojections?\b|\bproject (?:our|the|my)\b|\bpredict|\boutlook\b|\bhow (?:much|fast) (?:will|could|would)\b/.test(lower)) shape = 'forecast';
  else if (/\btable\b|\bcompare\b|\bcomparison\b|\bversus\b|\bvs\.?\s|\bpros and cons\b|\btrade-?offs? between\b/.test(lower) || options.length >= 2) shape = 'table';
  else if (/\bsteps?\b|\bstep[- ]by[- ]step\b|\broadmap\b|\bchecklist\b|\baction plan\b|\bhow (?:do|should|can|would) (?:we|i) (?:roll ?out|implement|launch|set up|build|migrate|prepare|run)\b/.test(lower)) shape = 'steps';
  else if (/\blist\b|\btop \d|\bideas\b|\bways to\b|\bwhat are (?:the|our|some)\b|\boptions\b|\breasons\b|\bbullet/.test(lower) || count !== null) shape = 'list';
  return { shape, count, figures: figuresIn(text), names: namesIn(text), options, horizon };
}

/** A figure as a number, when it is one the forecast can grow: "$2M" is 2,000,000 dollars, "15%" is 0.15. */
export function parseAmount(figure: string): { value: number; currency: string; percent: boolean } | null {
  const match = figure.match(/^([$€£])?\s?(\d[\d,]*(?:\.\d+)?)\s?(%|percent|k|m|mm|bn|b|million|billion|thousand)?/i);
  if (!match) return null;
  const base = Number(match[2]!.replace(/,/g, ''));
  if (!Number.isFinite(base)) return null;
  const suffix = (match[3] ?? '').toLowerCase();
  if (suffix === '%' || suffix === 'percent') return { value: base / 100, currency: '', percent: true };
  const scale = suffix === 'k' || suffix === 'thousand' ? 1e3 : suffix === 'm' || suffix === 'mm' || suffix === 'million' ? 1e6 : suffix === 'bn' || suffix === 'b' || suffix === 'billion' ? 1e9 : 1;
  return { value: base * scale, currency: match[1] ?? '', percent: false };
}

/** 2_340_000 with "$" reads "$2.3M"; small numbers keep their digits. */
export function formatAmount(value: number, currency: string): string {
  const abs = Math.abs(value);
  const [scaled, suffix] = abs >= 1e9 ? [value / 1e9, 'B'] : abs >= 1e6 ? [value / 1e6, 'M'] : abs >= 1e4 ? [value / 1e3, 'K'] : [value, ''];
  const digits = suffix && Math.abs(scaled) < 100 ? 1 : 0;
  return `${currency}${scaled.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}${suffix}`;
}
