import { DEMO_MARKER } from '#contract/demo-marker.ts';
import { lowerFirst, resolvePersona, resolveUserRole } from '../personas/compose.ts';
import { formatAmount, parseAmount, readQuestion, type QuestionReading } from './question-reading.ts';
import type { AdviceCaveat, DecisionFramework, RolePersona } from '../personas/roles.ts';
import type { IndustryContext, IndustryMetric } from '../personas/industries.ts';
import { isLayoffQuestion, relevantMetrics, relevantRegulation } from './relevance.ts';
import { citedSection, documentSection, type DemoDocument, type DemoSource } from './demo-documents.ts';

/**
 * One line for the user on every demo reply: what this is (issue 31, point 6). How to connect a real
 * model is the operator's business: the admin view and the server log say it, never a reply or an export.
 */
export { DEMO_MARKER };

export interface DemoReplyInput {
  executiveRole: string;
  industry: string;
  userRole: string;
  question: string;
  /** Documents the reply was given (attached files): the demo quotes the lines that answer the question. */
  documents?: DemoDocument[];
  /** Passages read through read_document: quoted and cited as [n] instead of the documents' lines. */
  sources?: DemoSource[];
  /** A regenerated reply (Regenerate): another take, with other frameworks, metrics and questions. */
  take?: number;
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

/** User text as inline Markdown-inert words: it must not break the reply's structure. */
function inert(text: string): string {
  return text.replace(/[*_`#>|[\]<>~\\"“”]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** "a Research Analyst", "an Operations Manager". */
function withArticle(noun: string): string {
  return `${/^[AEIOU]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** "A, B and C". */
function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

interface Voice {
  persona: RolePersona;
  industry: IndustryContext;
  sector: string;
  lead: DecisionFramework;
  check: DecisionFramework;
  priority: string;
  metrics: IndustryMetric[];
  risk: string;
  regulation: string;
  /** A headcount cut: the rules come early in any plan. */
  layoff: boolean;
  seed: number;
}

/** The question's own figures and names, said back so the reader sees they were read. */
function givenLines(reading: QuestionReading): string[] {
  const lines: string[] = [];
  const figures = reading.figures.map(inert).filter(Boolean);
  const names = reading.names.map(inert).filter(Boolean);
  if (figures.length) lines.push(`**Your numbers:** ${joinAnd(figures)}. I have worked from them; any figure of mine below is illustrative.`);
  if (names.length) lines.push(`**Kept in view:** ${joinAnd(names)}.`);
  return lines.length ? [lines.join(' '), ''] : [];
}

function adviceSections(voice: Voice): string[] {
  const { lead, check, sector, industry, risk, regulation, metrics } = voice;
  return [
    '### How I would approach it',
    `1. **Frame it with ${lead.name}**, which ${lead.howApplied}.`,
    `2. **Ground it in ${sector} economics.** ${firstSentence(industry.economics)}`,
    `3. **Pressure-test with ${check.name}**, then check exposure to ${lowerFirst(risk)} and obligations under ${regulation}. Decide with one owner and a date.`,
    '',
    '### What I would measure',
    '| Metric | Why it matters here |',
    '| --- | --- |',
    ...metrics.map((metric) => `| ${metric.name} | ${metric.why} |`),
  ];
}

function tableSections(voice: Voice, reading: QuestionReading): string[] {
  const { persona, metrics, industry, check, seed } = voice;
  const options = reading.options.map(inert).filter(Boolean);
  if (options.length >= 2) {
    const priorities = rotate(persona.priorities, seed >>> 3, options.length);
    const risks = rotate(industry.typicalRisks, seed >>> 7, options.length);
    const tests = rotate(industry.keyMetrics, seed >>> 11, options.length);
    return [
      `### ${capitalise(numberWord(options.length))} options side by side`,
      '| Option | Strongest case | Main risk | Test before committing |',
      '| --- | --- | --- | --- |',
      ...options.map((option, i) => `| ${capitalise(option)} | ${priorities[i] ?? voice.priority} | ${risks[i] ?? voice.risk} | ${tests[i]?.name ?? 'A pilot with a stop rule'} |`),
      '',
      `**My lean:** the option that does most for ${lowerFirst(voice.priority)}. Before any money moves, I would run ${options.length === 2 ? 'both' : 'each'} through ${check.name}, and where the data is thin, pilot the cheaper one first.`,
    ];
  }
  const wants = ['A trend over the last four quarters', 'A target, an owner and a date', 'Your number against peers'];
  return [
    '### The comparison I would put in front of you',
    '| Metric | Why it matters here | What I would want to see |',
    '| --- | --- | --- |',
    ...metrics.map((metric, i) => `| ${metric.name} | ${metric.why} | ${wants[i % wants.length]} |`),
    '',
    `**My lean:** judge every line by ${lowerFirst(voice.priority)}, and settle disagreements with ${check.name}.`,
  ];
}

function numberWord(n: number): string {
  return ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'][n] ?? String(n);
}

function forecastSections(voice: Voice, reading: QuestionReading): string[] {
  const amounts = reading.figures.map((figure) => ({ figure, amount: parseAmount(figure) }));
  const level = amounts.find((entry) => entry.amount && !entry.amount.percent);
  const rate = amounts.find((entry) => entry.amount?.percent);
  const growth = rate?.amount ? rate.amount.value : 0.08;
  const horizon = reading.horizon ?? { periods: 3, unit: 'year' as const };
  const start = level?.amount?.value ?? 100;
  const currency = level?.amount?.currency ?? '';
  const show = (value: number) => (level ? formatAmount(value, currency) : value.toFixed(0));
  const label = (t: number) => (horizon.unit === 'year' ? `Year ${t}` : horizon.unit === 'quarter' ? `Quarter ${t}` : `Month ${t}`);
  const rows = Array.from({ length: horizon.periods }, (_, i) => {
    const t = i + 1;
    const at = (g: number) => show(start * (1 + g) ** t);
    return `| ${label(t)} | ${at(Math.max(-0.5, growth - 0.05))} | ${at(growth)} | ${at(growth + 0.05)} |`;
  });
  const pct = (g: number) => `${(g * 100).toFixed(g * 100 < 10 ? 1 : 0).replace(/\.0$/, '')}%`;
  const basis = level ? `${inert(level.figure)} today` : 'an index of 100 today (no starting figure was given)';
  return [
    `### Illustrative forecast, ${horizon.periods} ${horizon.unit}s out`,
    '| Period | Downside | Base | Upside |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    `**How to read it:** from ${basis}, the base case grows ${pct(growth)} a ${horizon.unit}${rate ? ' (your rate)' : ' (my assumption)'}; downside and upside move that rate five points either way. Replace my assumptions with your drivers, starting with ${lowerFirst(voice.metrics[0]?.name ?? 'your main volume driver')}.`,
    '',
    '### What would move it',
    `- **Downside:** ${sentence(lowerFirst(voice.risk))}`,
    `- **Upside:** faster gains in ${lowerFirst(voice.metrics[0]?.name ?? 'volume')} than assumed.`,
    `- **Watch monthly:** ${voice.metrics[1]?.name ?? 'cash'} (${lowerFirst(voice.metrics[1]?.why ?? 'the early signal')}).`,
  ];
}

function stepsSections(voice: Voice, reading: QuestionReading): string[] {
  const { lead, check, metrics, sector, industry, risk, regulation } = voice;
  const pool = [
    `**Frame it with ${lead.name}**, which ${lead.howApplied}.`,
    `**Set the baseline** on ${lowerFirst(metrics[0]?.name ?? 'the one number that matters')}: ${lowerFirst(metrics[0]?.why ?? 'where you start')}.`,
    `**Ground it in ${sector} economics.** ${firstSentence(industry.economics)}`,
    `**Pressure-test with ${check.name}**, and check exposure to ${lowerFirst(risk)}.`,
    `**Clear the rules:** confirm what ${regulation} requires before anything is announced.`,
    `**Pilot before scaling:** one unit or segment first, with a stop rule agreed in advance.`,
    `**Tell the people affected:** who hears it first, from whom, and in what words.`,
    `**Name one owner and a date**, and review ${lowerFirst(metrics[1]?.name ?? 'progress')} every month.`,
  ];
  const count = Math.max(3, Math.min(reading.count ?? 5, pool.length));
  // A layoff clears the rules second; the owner and date always close the plan.
  const ordered = voice.layoff ? [pool[0]!, pool[4]!, ...pool.filter((_, i) => i !== 0 && i !== 4)] : pool;
  const steps = [...ordered.slice(0, count - 1), pool.at(-1)!];
  return [`### ${capitalise(numberWord(count))} steps`, ...steps.map((step, i) => `${i + 1}. ${step}`)];
}

function listSections(voice: Voice, reading: QuestionReading): string[] {
  const { persona, industry, seed, lead, check } = voice;
  const metrics = rotate(industry.keyMetrics, seed >>> 4, industry.keyMetrics.length);
  const dynamics = rotate(industry.currentDynamics, seed >>> 6, industry.currentDynamics.length);
  const risks = rotate(industry.typicalRisks, seed >>> 8, industry.typicalRisks.length);
  // Kinds take turns, so even a short list mixes a lever, a shift, a risk, a method and a test.
  const items = [
    `**Lift ${lowerFirst(metrics[0]?.name ?? 'the main metric')}**: ${lowerFirst(sentence(metrics[0]?.why ?? 'it moves the rest'))}`,
    `**Use the shift:** ${lowerFirst(sentence(dynamics[0] ?? 'the market is moving'))}`,
    `**Guard against ${lowerFirst(risks[0] ?? 'execution risk')}**: decide now who watches for it.`,
    `**Work it through ${lead.name}**, which ${lead.howApplied}.`,
    `**Judge each idea by what matters most to me:** ${lowerFirst(sentence(persona.priorities[0] ?? 'a clear decision'))}`,
    `**Lift ${lowerFirst(metrics[1]?.name ?? 'the second metric')}**: ${lowerFirst(sentence(metrics[1]?.why ?? 'it shows progress early'))}`,
    `**Use the next shift too:** ${lowerFirst(sentence(dynamics[1] ?? dynamics[0] ?? 'customers expect more'))}`,
    `**Pressure-test the shortlist with ${check.name}** before anything is funded.`,
  ];
  const count = Math.max(3, Math.min(reading.count ?? 5, items.length));
  return [`### My ${numberWord(count)}, most important first`, ...items.slice(0, count).map((item, i) => `${i + 1}. ${item}`)];
}

const OPENINGS: Record<QuestionReading['shape'], (voice: Voice, quote: string) => string> = {
  advice: (voice, quote) => `on ${quote}, I would make **${lowerFirst(voice.priority)}** the deciding test, and commit only once the measures below are in place.`,
  table: (_voice, quote) => `on ${quote}, you asked me to compare, so here it is as a table, with my lean after it.`,
  forecast: (_voice, quote) => `on ${quote}, here is a scenario table with its assumptions stated, then what would move it.`,
  steps: (_voice, quote) => `on ${quote}, here are the steps I would take, in order.`,
  list: (_voice, quote) => `on ${quote}, here is my list, most important first.`,
};

/**
 * What the offline demo provider answers: a real-looking, persona-shaped reply so the whole
 * product (streaming, Markdown, history, titles) can be tried without an AI key. It reads the
 * question first (its figures, names, options and the shape it asks for) and answers in that shape.
 */
export function composeDemoReply(input: DemoReplyInput): string {
  const { persona, industryName, industry, knownIndustry } = resolvePersona(input.executiveRole, input.industry);
  const user = resolveUserRole(input.userRole);
  const seed = hashText(input.take ? `${input.question.trim()}\n#take ${input.take}` : input.question.trim());
  const reading = readQuestion(input.question);

  const frameworks = persona.decisionFrameworks;
  // Only what fits the question: a solar project is not measured per barrel, a layoff is a WARN Act question.
  const fitting = { ...industry, keyMetrics: relevantMetrics(industry, input.question), regulation: relevantRegulation(industry, input.question) };
  const voice: Voice = {
    persona,
    industry: fitting,
    sector: knownIndustry ? industryName : 'general business',
    lead: pick(frameworks, seed, FALLBACK_FRAMEWORK),
    check: pick(frameworks, (seed % frameworks.length) + 1, FALLBACK_FRAMEWORK),
    priority: pick(persona.priorities, seed >>> 5, 'a clear decision'),
    metrics: rotate(fitting.keyMetrics, seed >>> 9, 3),
    risk: pick(industry.typicalRisks, seed >>> 17, 'execution risk'),
    regulation: pick(fitting.regulation, seed >>> 21, 'the rules that apply to you'),
    layoff: isLayoffQuestion(input.question),
    seed,
  };
  const questions = rotate(persona.questionsBack, seed >>> 13, 2);
  const quote = quoteQuestion(input.question);

  const body =
    reading.shape === 'table'
      ? tableSections(voice, reading)
      : reading.shape === 'forecast'
        ? forecastSections(voice, reading)
        : reading.shape === 'steps'
          ? stepsSections(voice, reading)
          : reading.shape === 'list'
            ? listSections(voice, reading)
            : adviceSections(voice);

  const lines = [
    DEMO_MARKER,
    '',
    `**My take as your ${persona.title} (${voice.sector}):** ${OPENINGS[reading.shape](voice, quote)} I have pitched this ${user.profile.tone}, since you are ${withArticle(user.label)}.`,
    '',
    ...(input.take ? ['*A different take, as you asked.*', ''] : []),
    ...givenLines(reading),
    ...(input.sources?.length ? citedSection(input.sources) : input.documents?.length ? documentSection(input.documents, input.question) : []),
    ...body,
    '',
    '### Questions for you',
    ...questions.map((question) => `- ${question}`),
  ];
  if (persona.adviceCaveat) lines.push('', DEMO_CAVEATS[persona.adviceCaveat]);
  return lines.join('\n');
}
