import { resolvePersona } from '../personas/compose.ts';
import { relevantMetrics } from './relevance.ts';

/** Lower-cases a leading capital inside a sentence ("A security breach" too), leaving acronyms ("ARR", "OEE") alone. */
function lowerFirst(text: string): string {
  return /^[A-Z](?![A-Z])/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/**
 * The demo model's roundtable (issue 17, decision 026): every seat argues from its own persona data
 * (frameworks, the industry's metrics and risks) and from its role's temperament, so openings differ
 * in substance, stances differ, one seat can be moved in the rebuttal, and the chair names the real
 * disagreements. Deterministic: the same table says the same things.
 */

export type DemoSeatRequest = {
  task: 'seat';
  executiveRole: string;
  industry: string;
  userRole: string;
  question: string;
  kind: 'opening' | 'rebuttal' | 'answer';
  side: 'for' | 'against' | null;
  /** The other seats' positions (rebuttal). */
  others: Array<{ seat: string; position: string; confidence: string | null; risk: string | null }>;
  /** The seat's own position so far (rebuttal, follow-up). */
  ownPosition: string | null;
  /** Everyone at the table, in order (so each seat brings a different metric and risk). */
  roster: string[];
};

export type DemoChairRequest = {
  task: 'chair';
  industry: string;
  question: string;
  format: 'roundtable' | 'head-to-head';
  seats: Array<{ seat: string; position: string; confidence: string | null; risk: string | null; changed: boolean; movedBy: string | null }>;
};

type Lean = 'bold' | 'cautious' | 'conditional' | 'protective';

/** How each role tends to lean on a proposal, and the one-line position that lean takes. */
const LEANS: Record<string, Lean> = {
  CEO: 'bold',
  CMO: 'bold',
  'VP Sales': 'bold',
  CTO: 'bold',
  'Private Equity Partner': 'cautious',
  CFO: 'cautious',
  'Research Analyst': 'cautious',
  COO: 'conditional',
  CIO: 'conditional',
  'VP Supply Chain': 'conditional',
  'VP Manufacturing': 'conditional',
  Director: 'conditional',
  Manager: 'conditional',
  VP: 'conditional',
  CHRO: 'protective',
  CISO: 'protective',
  'VP Legal': 'protective',
  'VP Quality': 'protective',
};

const POSITIONS: Record<Lean, (subject: string, metric: string) => string> = {
  bold: (subject, metric) => `Move now: ${subject}, judged on ${lowerFirst(metric)} within two quarters`,
  cautious: (subject, metric) => `Pilot first: ${subject} only in stages, with a hard payback gate on ${lowerFirst(metric)}`,
  conditional: (subject, metric) => `Go once operations are ready: ${subject}, tracked on ${lowerFirst(metric)}`,
  protective: (subject, metric) => `Hold: ${subject} only after the exposure is contained, with ${lowerFirst(metric)} as the release test`,
};

const LEAN_WORDS: Record<Lean, string> = {
  bold: 'move now',
  cautious: 'staged pilot with a payback gate',
  conditional: 'go once operations are ready',
  protective: 'hold until the exposure is contained',
};

const CONFIDENCE: Record<Lean, string> = { bold: 'high', cautious: 'medium', conditional: 'medium', protective: 'high' };

function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

function at<T>(list: readonly T[], seed: number, fallback: T): T {
  return list.length > 0 ? list[seed % list.length]! : fallback;
}

/** "the proposal" in words taken from the question: its first clause, without question words. */
function subjectOf(question: string): string {
  const clause = question
    .replace(/[*_`#>|[\]<>~\\"“”]/g, ' ')
    .split(/[?.!\n]/)[0]!
    .replace(/^\s*(?:should|shall|can|could|would|do|does|is|are|will)\s+(?:we|i|our company|the company)\s+/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  const words = clause.split(' ').filter(Boolean).slice(0, 9);
  return words.length > 0 ? words.join(' ') : 'make this move';
}

function leanOf(role: string, side: 'for' | 'against' | null): Lean {
  if (side === 'for') return 'bold';
  if (side === 'against') return LEANS[role] === 'protective' ? 'protective' : 'cautious';
  return LEANS[role] ?? 'conditional';
}

function seatFacts(request: { executiveRole: string; industry: string; question: string; roster: string[] }) {
  const { persona, industry } = resolvePersona(request.executiveRole, request.industry);
  const seed = hash(`${request.executiveRole}|${request.question}`);
  const tableSeed = hash(request.question);
  const place = Math.max(0, request.roster.indexOf(request.executiveRole));
  const framework = at(persona.decisionFrameworks, seed, { name: 'Cost-benefit analysis', howApplied: 'compares options on quantified costs, benefits and risks' });
  // Each seat watches a different metric of the same industry, and fears a different risk: offset by its place at the table.
  const metric = at(relevantMetrics(industry, request.question), (tableSeed % 7) + place, { name: 'Payback period', why: 'How fast the money comes back' });
  const risk = at(industry.typicalRisks, ((tableSeed >>> 4) % 7) + place, 'execution risk');
  const priority = at(persona.priorities, seed >>> 11, 'a clear decision');
  const question = at(persona.questionsBack, seed >>> 13, 'What would change your mind?');
  return { persona, framework, metric, risk, priority, question };
}

/** Whether this seat is the one the rebuttal moves: the least confident lean of the table, once. */
function isMoved(request: DemoSeatRequest): boolean {
  const mine = leanOf(request.executiveRole, request.side);
  if (request.side) return false;
  if (mine !== 'conditional' && mine !== 'cautious') return false;
  const others = request.others.map((o) => leanOf(o.seat, null));
  // A conditional seat is moved by a cautious one (or a cautious one by a protective one) when the table has it.
  return (mine === 'conditional' && others.includes('cautious')) || (mine === 'cautious' && others.includes('protective') && !others.includes('conditional'));
}

function stanceBlock(lines: { position: string; confidence: string; risk: string; changed?: boolean; movedBy?: string | null }): string[] {
  return [
    '<stance>',
    `Position: ${lines.position}`,
    `Confidence: ${lines.confidence}`,
    `Main risk: ${lines.risk}`,
    ...(lines.changed === undefined ? [] : [`Changed: ${lines.changed ? 'yes' : 'no'}`, `Moved by: ${lines.movedBy ?? 'none'}`]),
    '</stance>',
  ];
}

export function composeDemoSeat(request: DemoSeatRequest): string {
  const facts = seatFacts(request);
  const lean = leanOf(request.executiveRole, request.side);
  const subject = subjectOf(request.question);
  const position = POSITIONS[lean](subject, facts.metric.name);
  const title = facts.persona.title;
  if (request.kind === 'opening' || request.kind === 'answer') {
    const sideLine = request.side ? `I am arguing **${request.side === 'for' ? 'for' : 'against'}**: ${subject}. ` : '';
    return [
      `### My position: ${LEAN_WORDS[lean]}`,
      `${sideLine}As your ${title}, I would let ${lowerFirst(facts.priority.replace(/:.*$/, ''))} decide this.`,
      '',
      `- **How I test it:** ${facts.framework.name}, which ${facts.framework.howApplied}.`,
      `- **The number I would hold us to:** ${facts.metric.name} (${lowerFirst(facts.metric.why)}).`,
      `- **What worries me most:** ${lowerFirst(facts.risk)}.`,
      `- **What I need from you:** ${facts.question}`,
      '',
      ...stanceBlock({ position, confidence: CONFIDENCE[lean], risk: facts.risk }),
    ].join('\n');
  }
  // Rebuttal: answer the seat that disagrees most, then hold or move.
  const opponent = request.others.find((o) => leanOf(o.seat, request.side === 'for' ? 'against' : request.side === 'against' ? 'for' : null) !== lean) ?? request.others[0];
  const moved = isMoved(request);
  const mover = request.others.find((o) => leanOf(o.seat, null) === (lean === 'conditional' ? 'cautious' : 'protective'));
  const newPosition = moved && mover ? mover.position : (request.ownPosition ?? position);
  return [
    `### ${moved ? 'I am changing my position' : 'I hold my position'}`,
    moved && mover
      ? `The ${mover.seat} says “${mover.position}”. That is the stronger case here.`
      : opponent
        ? `The ${opponent.seat} says “${opponent.position}”. That underrates ${lowerFirst(facts.risk)}, which my ${facts.framework.name} check puts first.`
        : 'No one has answered my case yet.',
      '',
    moved && mover
      ? `The ${mover.seat}'s point on ${lowerFirst(mover.risk ?? 'the downside')} moved me: I would rather gate this than carry that exposure.`
      : `I stay where I was: ${lowerFirst(facts.metric.name)} is the test, and nothing said so far changes what it shows.`,
    '',
    ...stanceBlock({
      position: newPosition,
      confidence: moved ? 'medium' : CONFIDENCE[lean],
      risk: facts.risk,
      changed: moved,
      movedBy: moved && mover ? `the ${mover.seat}'s point on ${lowerFirst(mover.risk ?? 'the downside')}` : null,
    }),
  ].join('\n');
}

/** A head-to-head's verdict speaks of its two sides, never of a majority (issue 31, point 4). */
function composeHeadToHeadChair(request: DemoChairRequest): string {
  const [a, b] = request.seats;
  const subject = subjectOf(request.question);
  if (!a || !b) return ['## Where the two sides agree', `Only one side was heard on “${subject}”: hear the other before you decide.`].join('\n');
  const risks = [...new Set([a.risk, b.risk].filter((r): r is string => Boolean(r)))];
  const moved = [a, b].filter((s) => s.changed);
  return [
    '## Where the two sides agree',
    `Both the ${a.seat} and the ${b.seat} treat “${subject}” as a decision to make now, each with one measurable test.${risks.length > 0 ? ` Between them they name the risks: ${risks.map(lowerFirst).join('; ')}.` : ''}`,
    '',
    '## Where they differ',
    `- **Side A, the ${a.seat}:** “${a.position}”${a.confidence ? ` (confidence ${a.confidence})` : ''}.`,
    `- **Side B, the ${b.seat}:** “${b.position}”${b.confidence ? ` (confidence ${b.confidence})` : ''}.`,
    ...(moved.length > 0 ? [`- ${moved.map((s) => `The ${s.seat} moved during the debate (moved by ${s.movedBy ?? 'the rebuttal'})`).join('; ')}.`] : []),
    '',
    '## Which side is right for you',
    `It turns on ${lowerFirst(b.risk ?? a.risk ?? 'the downside')}: if you can contain it, side A (${lowerFirst(a.position)}); if not, side B. Name one owner and decide the test threshold before you start.`,
    '',
    ...openQuestions(risks),
  ].join('\n');
}

/** The questions both chairs end on: the stop test, the downside the user can absorb, the owner. */
function openQuestions(risks: readonly string[]): string[] {
  return [
    '## Open questions for you',
    '- What result on the chosen test would make you stop?',
    `- How much of ${risks[0] ? lowerFirst(risks[0]) : 'the downside'} can you absorb if it goes wrong?`,
    '- Who owns the decision, and by when?',
  ];
}

export function composeDemoChair(request: DemoChairRequest): string {
  if (request.format === 'head-to-head') return composeHeadToHeadChair(request);
  const seats = request.seats;
  const subject = subjectOf(request.question);
  const byPosition = new Map<string, string[]>();
  for (const seat of seats) byPosition.set(seat.position, [...(byPosition.get(seat.position) ?? []), seat.seat]);
  const camps = [...byPosition.entries()].sort((a, b) => b[1].length - a[1].length);
  const majority = camps[0];
  const minority = camps.length > 1 ? camps.at(-1) : undefined;
  const risks = [...new Set(seats.map((s) => s.risk).filter((r): r is string => Boolean(r)))];
  const names = (list: string[]) => (list.length === 1 ? `the ${list[0]}` : `the ${list.slice(0, -1).join(', the ')} and the ${list.at(-1)}`);
  const disagreements =
    camps.length > 1
      ? camps.slice(1).map(([position, holders]) => `- **${names(holders)}** (“${position}”) against **${names(majority![1])}** (“${majority![0]}”).`)
      : ['- None on the decision itself; they differ only on which risk to watch first.'];
  const moved = seats.filter((s) => s.changed);
  return [
    '## Consensus',
    `Every executive treats “${subject}” as a real option worth deciding now, and each tied it to one measurable test. ${risks.length > 0 ? `Together they name the risks to watch: ${risks.map(lowerFirst).join('; ')}.` : ''}`,
    '',
    '## Disagreements',
    ...disagreements,
    ...(moved.length > 0 ? [`- ${moved.map((s) => `The ${s.seat} changed position during the debate (moved by ${s.movedBy ?? 'the rebuttal'})`).join('; ')}.`] : []),
    '',
    '## Minority view',
    minority ? `${names(minority[1])[0]!.toUpperCase()}${names(minority[1]).slice(1)}: “${minority[0]}”. Take it seriously: it is the view that protects you if the majority is wrong.` : 'There is none: the table converged.',
    '',
    '## Recommendation',
    majority ? `Follow the majority, with the minority's safeguard: ${lowerFirst(majority[0])}. Name one owner and decide the test threshold before you start.` : 'Gather the data the executives asked for, then decide.',
    '',
    ...openQuestions(risks),
  ].join('\n');
}
