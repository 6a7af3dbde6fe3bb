import { CHAIR_SEAT, confidenceLevels, visibleWhileStreaming, type RoundtableFormat, type RoundtableStopReason, type RoundtableTurnKind, type Stance } from '#contract/roundtable.ts';
import { buildSystemPrompt, resolvePersona, resolveUserRole } from '#server/ai/personas/compose.ts';
import { chairAdviceRules } from '#server/ai/prompts/advice.ts';

export { visibleWhileStreaming };

/**
 * The debate's shape, as pure functions (docs/decisions/026-roundtables.md): who speaks in which
 * round, what each seat is told, how a stance is read from what a model wrote (tolerantly), and
 * when the table moves on, stops early or hands over to the chair.
 */

/** Output limits per kind of turn: openings say the most, rebuttals and one-seat answers less; the chair writes the longest. */
export const OUTPUT_TOKENS: Record<RoundtableTurnKind, number> = { opening: 700, rebuttal: 400, answer: 600, synthesis: 900 };
/** What the chair's synthesis is assumed to cost: seats stop speaking this far before the budget so the chair can still sum up. */
export const CHAIR_RESERVE_TOKENS = 2_500;
/** How much of a seat's turn the others read in a rebuttal: the whole argument of a turn within its output limit (about 250 words). */
const ARGUMENT_CHARS = 2_400;
/** How much of each earlier round the chair reads (the last round it reads as the rebuttals do). */
const EARLIER_ROUND_CHARS = 1_200;
const EXCERPT_CHARS = 1_200;

export type Side = 'for' | 'against';

export interface TablePlan {
  format: RoundtableFormat;
  seats: readonly string[];
  maxRounds: number;
  /** A follow-up to one seat: only it answers, once, and there is no synthesis. */
  addressTo: string | null;
}

/** Head-to-head: the first executive argues for, the second against. */
export function sideOf(plan: Pick<TablePlan, 'format' | 'seats'>, seat: string): Side | null {
  if (plan.format !== 'head-to-head') return null;
  return plan.seats.indexOf(seat) === 0 ? 'for' : 'against';
}

/**
 * A head-to-head's two sides, from the question (issue 31, point 4): "Should we build or buy the
 * platform?" gives "build" and "buy the platform"; each seat takes one. A question with no either/or
 * gives the proposal and the case against it.
 */
export function headToHeadSides(question: string): [string, string] {
  const core = question
    .trim()
    .replace(/[?.!\s]+$/, '')
    .replace(/^(?:(?:so|ok|okay|well),?\s+)?(?:should|shall|do|would|could|can|must)\s+(?:we|i|they|the company|our company)\s+(?:rather\s+)?/i, '')
    .replace(/^(?:is it better to|which is better:?|what is better:?)\s+/i, '');
  const split = /^(.*?\S)\s*,?\s+(?:or|vs\.?|versus)\s+(\S.*)$/i.exec(core);
  if (split) {
    const left = split[1]!.split(/[:;]\s+/).at(-1)!.trim();
    const right = split[2]!.replace(/,?\s+(?:or|vs\.?|versus)\s+.*$/i, '').trim();
    if (left && right) return [left, right];
  }
  const proposal = question.trim().replace(/\s+/g, ' ');
  return [`yes to what the user asks: ${proposal}`, `no: the case against it`];
}

export function kindOfRound(plan: TablePlan, round: number): RoundtableTurnKind {
  if (plan.addressTo) return 'answer';
  return round === 1 ? 'opening' : 'rebuttal';
}

/** The seats that speak in a round: every seat still in the debate (a failed seat sits out the rest), or the addressed one. */
export function speakersOf(plan: TablePlan, stillSeated: readonly string[]): string[] {
  if (plan.addressTo) return [plan.addressTo];
  return plan.seats.filter((seat) => stillSeated.includes(seat));
}

export type NextStep = { next: 'round'; round: number } | { next: 'synthesis'; stopReason: RoundtableStopReason } | { next: 'end'; stopReason: RoundtableStopReason };

/**
 * After a round: another round, the chair, or the end. Early stop: from the rebuttal on, a round in
 * which no seat changed its stance ends the debate (another round would only repeat it). The budget
 * ends the debate when what is left would not pay for the chair, and the whole table once spent.
 */
export function nextStep(input: {
  plan: TablePlan;
  round: number;
  /** Seats that spoke successfully this round. */
  spoke: readonly string[];
  /** Seats whose stance changed this round. */
  changed: readonly string[];
  tokensUsed: number;
  tokenBudget: number;
}): NextStep {
  const { plan, round } = input;
  if (input.spoke.length === 0) return { next: 'end', stopReason: 'seats-failed' };
  if (plan.addressTo) return { next: 'end', stopReason: 'max-rounds' };
  if (input.tokensUsed >= input.tokenBudget) return { next: 'end', stopReason: 'budget' };
  if (input.tokensUsed >= input.tokenBudget - CHAIR_RESERVE_TOKENS && round < plan.maxRounds) return { next: 'synthesis', stopReason: 'budget' };
  if (round >= plan.maxRounds) return { next: 'synthesis', stopReason: 'max-rounds' };
  // A debate needs two voices: when only one seat is left, the chair sums up what was said.
  if (input.spoke.length < 2) return { next: 'synthesis', stopReason: 'seats-failed' };
  if (round >= 2 && input.changed.length === 0) return { next: 'synthesis', stopReason: 'consensus' };
  return { next: 'round', round: round + 1 };
}

// ---- Stances -------------------------------------------------------------------------------------

export interface ParsedTurn {
  /** What the seat said, without its stance block. */
  content: string;
  stance: Stance;
}

const KEYS: Array<[keyof Stance | 'ignore', RegExp]> = [
  ['position', /^(?:my\s+)?(?:position|stance|view|verdict|recommendation)$/],
  ['confidence', /^(?:confidence|certainty|conviction)(?:\s+level)?$/],
  ['risk', /^(?:main\s+|key\s+|biggest\s+|top\s+)?risks?$/],
  ['changed', /^(?:changed|changed\s+position|position\s+changed|change|held|moved)\??$/],
  ['movedBy', /^(?:moved\s+by|what\s+moved\s+me|reason\s+for\s+change|because)$/],
];

/** Where the stance block starts: a <stance> tag, a "Stance" heading or label line; -1 when there is none. */
function stanceStart(text: string): { index: number; bodyFrom: number } | null {
  const tag = /<\s*stance\s*>/i.exec(text);
  if (tag) return { index: tag.index, bodyFrom: tag.index + tag[0].length };
  // "## Stance", "**Stance**", "STANCE:", "Stance block:" at the start of a line, in the last part of the text.
  const heading = /^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*|__)?[ \t]*(?:my\s+|final\s+)?stance(?:\s+block)?[ \t]*(?:\*\*|__)?[ \t]*:?[ \t]*(?:\*\*|__)?[ \t]*$/gim;
  let found: RegExpExecArray | null = null;
  for (let match = heading.exec(text); match; match = heading.exec(text)) found = match;
  if (found) return { index: found.index, bodyFrom: found.index + found[0].length };
  return null;
}

function cleanValue(value: string): string {
  return value
    .replace(/<\/?\s*stance\s*>/gi, '')
    .replace(/^[\s*_`"“”'-]+|[\s*_`"“”']+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** low / medium / high from what a model wrote: a word, a percentage, "7/10", "0.8". */
export function parseConfidence(value: string): Stance['confidence'] {
  const text = value.toLowerCase();
  for (const level of confidenceLevels) if (new RegExp(`\\b${level}\\b`).test(text)) return level;
  if (/\bmoderate|\bmid\b/.test(text)) return 'medium';
  if (/\bvery\s+confident|\bstrong|\bcertain/.test(text)) return 'high';
  if (/\bweak|\bunsure|\buncertain/.test(text)) return 'low';
  const ratio = /(\d+(?:\.\d+)?)\s*(?:\/\s*(\d+)|%)?/.exec(text);
  if (!ratio) return null;
  const number = Number(ratio[1]);
  const scale = ratio[2] ? Number(ratio[2]) : text.includes('%') || number > 1 ? 100 : 1;
  if (!scale) return null;
  const share = number / scale;
  if (share > 1) return null;
  return share >= 0.7 ? 'high' : share >= 0.4 ? 'medium' : 'low';
}

function parseChanged(value: string): boolean {
  const text = value.toLowerCase();
  if (/\b(?:no|not|held|hold|holding|unchanged|same|false)\b/.test(text)) return false;
  return /\b(?:yes|changed|change|true|revised|moved|shifted)\b/.test(text);
}

/** The first sentence of a text, as a fallback position when a model wrote no stance. */
function firstSentence(text: string): string {
  const plain = text
    .replace(/^#+\s.*$/gm, '')
    .replace(/[*_`>#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = /^(.+?[.!?])(?:\s|$)/.exec(plain)?.[1] ?? plain;
  return sentence.length > 200 ? `${sentence.slice(0, 197).replace(/\s+\S*$/, '')}…` : sentence;
}

/**
 * A seat's turn as the table reads it: its words and its stance. Models do not always keep to the
 * format, so this reads a `<stance>` block, a "Stance" heading or label lines, in any letter case,
 * with or without Markdown, bullets, bold keys or a closing tag; confidence as a word, a share or a
 * percentage. A turn without any stance still gets one (its first sentence, confidence unknown),
 * and a turn that was cut off mid-block keeps what it has.
 */
export function parseTurn(text: string): ParsedTurn {
  const start = stanceStart(text);
  const body = start ? text.slice(start.bodyFrom) : '';
  const content = (start ? text.slice(0, start.index) : text).replace(/\n[-*_\s]*$/, '').trim();
  const stance: Stance = { position: '', confidence: null, risk: null, changed: false, movedBy: null };
  const lines = start ? body.split(/\n|(?<=\S)\s*\|\s*(?=\S+\s*:)/) : content.split('\n').slice(-8);
  let matchedAny = false;
  for (const raw of lines) {
    const line = raw.replace(/^[\s>*_-]*(?:\d+[.)]\s*)?/, '').replace(/<\/?\s*stance\s*>/gi, '');
    const colon = /^(?:\*\*|__)?([A-Za-z][A-Za-z \t?]{1,30}?)(?:\*\*|__)?\s*[:=\-–—]\s*(?:\*\*|__)?\s*(.*)$/.exec(line.trim());
    if (!colon) continue;
    const key = colon[1]!.trim().toLowerCase().replace(/\s+/g, ' ');
    const value = cleanValue(colon[2]!);
    const field = KEYS.find(([, pattern]) => pattern.test(key))?.[0];
    if (!field || field === 'ignore' || !value) continue;
    matchedAny = true;
    if (field === 'position') stance.position ||= value;
    else if (field === 'confidence') stance.confidence ??= parseConfidence(value);
    else if (field === 'risk') stance.risk ??= value;
    else if (field === 'changed') stance.changed = key.startsWith('held') ? /^no\b/i.test(value) : parseChanged(value);
    else if (field === 'movedBy') stance.movedBy ??= /^(?:n\/?a|none|nothing|-)$/i.test(value) ? null : value;
  }
  // Label lines without a block (the model skipped the tag): they are the stance, not the content.
  const ownContent = start || !matchedAny ? content : stripTrailingLabels(content);
  if (!stance.position) stance.position = firstSentence(ownContent) || 'No position given.';
  if (!stance.changed) stance.movedBy = null;
  return { content: ownContent || content, stance };
}

function stripTrailingLabels(content: string): string {
  const lines = content.split('\n');
  while (lines.length > 0) {
    const last = lines.at(-1)!.replace(/^[\s>*_-]*/, '');
    const colon = /^(?:\*\*|__)?([A-Za-z][A-Za-z \t?]{1,30}?)(?:\*\*|__)?\s*:/.exec(last);
    const isKey = colon && KEYS.some(([, pattern]) => pattern.test(colon[1]!.trim().toLowerCase()));
    if (!isKey && last.trim() !== '') break;
    lines.pop();
  }
  return lines.join('\n').trim();
}

/** Whether a seat's stance moved this round: it says so, or its position is no longer the one it held. */
export function stanceMoved(previous: Stance | null, next: Stance): boolean {
  if (!previous) return false;
  return next.changed;
}

// ---- Prompts -------------------------------------------------------------------------------------

export interface SeatContext {
  appName: string;
  industry: string;
  userRole: string;
  plan: TablePlan;
  /** The table's question: a head-to-head's sides come from it. */
  question?: string;
}

const STANCE_FORMAT = (rebuttal: boolean) =>
  [
    'End your answer with your stance in exactly this block (one line each, nothing after it):',
    '<stance>',
    'Position: <your position in one sentence>',
    'Confidence: <low | medium | high>',
    'Main risk: <the one risk you worry about most>',
    ...(rebuttal ? ['Changed: <yes | no>', 'Moved by: <what changed your mind, or none>'] : []),
    '</stance>',
  ].join('\n');

function tableRules(context: SeatContext, seat: string): string {
  const others = context.plan.seats.filter((s) => s !== seat).join(', ');
  const side = sideOf(context.plan, seat);
  const [mine, theirs] = context.question ? headToHeadSides(context.question) : ['what the user proposes', 'the case against it'];
  const lines =
    context.plan.format === 'head-to-head'
      ? [
          `You are in a head-to-head debate with the ${others}. The two sides: (A) ${mine}; (B) ${theirs}. You argue side ${side === 'for' ? `A (${mine})` : `B (${theirs})`}, the ${others} argues side ${side === 'for' ? 'B' : 'A'}, as strongly as your role honestly allows, and for the user's benefit.`,
          'Answer your opponent point by point when you see their argument; concede a point only when it is right, and say so plainly.',
        ]
      : [
          `You sit at a roundtable of executives (${others} and you) advising the user on one question. Each of you answers separately.`,
          'Speak from your own role: its metrics, frameworks and risks. Disagree where your role would; do not converge politely, and do not speak for the other executives.',
        ];
  return `## The table\n${[...lines, 'Be concise: at most 250 words before your stance. Short Markdown; a heading only if it helps.'].map((l) => `- ${l}`).join('\n')}`;
}

export function seatSystemPrompt(context: SeatContext, seat: string): string {
  return [buildSystemPrompt({ executiveRole: seat, industry: context.industry, userRole: context.userRole, appName: context.appName }), tableRules(context, seat)].join('\n\n');
}

export interface SpokenTurn {
  seat: string;
  content: string;
  stance: Stance | null;
}

function excerpt(text: string, chars = EXCERPT_CHARS): string {
  const clean = text.trim();
  return clean.length > chars ? `${clean.slice(0, chars).replace(/\s+\S*$/, '')}…` : clean;
}

function stanceLine(turn: SpokenTurn): string {
  const stance = turn.stance;
  if (!stance) return `- ${turn.seat}: (no stance)`;
  const bits = [stance.position, stance.confidence ? `confidence ${stance.confidence}` : null, stance.risk ? `main risk: ${stance.risk}` : null].filter(Boolean);
  return `- ${turn.seat}: ${bits.join('; ')}`;
}

/** What came before at this table when the question is a follow-up (the earlier question and verdict). */
export interface EarlierTable {
  question: string;
  synthesis: string | null;
  /** The addressed seat's own last stance, for a follow-up to one seat. */
  ownStance?: Stance | null;
}

function earlierBlock(earlier: EarlierTable | null): string[] {
  if (!earlier) return [];
  return [
    '<earlier_discussion>',
    `Earlier question: ${excerpt(earlier.question, 600)}`,
    ...(earlier.synthesis ? [`The chair's synthesis then:\n${excerpt(earlier.synthesis, 1500)}`] : []),
    ...(earlier.ownStance ? [`Your position then: ${earlier.ownStance.position}`] : []),
    '</earlier_discussion>',
    '',
  ];
}

/** Round 1: the question alone (blind: no seat sees another's answer). */
export function openingMessage(question: string, earlier: EarlierTable | null, kind: 'opening' | 'answer', situation = ''): string {
  return [...(situation ? [situation] : []), ...earlierBlock(earlier), `The user's question: ${question}`, '', kind === 'answer' ? 'Answer the follow-up in your own voice.' : 'Give your opening position.', '', STANCE_FORMAT(false)].join('\n');
}

/** Round 2+: the seat's own last stance and the others' whole arguments (bounded) with their stances. */
export function rebuttalMessage(input: { question: string; plan: TablePlan; seat: string; own: SpokenTurn | null; others: SpokenTurn[]; situation?: string }): string {
  const headToHead = input.plan.format === 'head-to-head';
  return [
    ...(input.situation ? [input.situation] : []),
    `The user's question: ${input.question}`,
    '',
    input.own?.stance ? `Your position so far: ${input.own.stance.position}` : 'You have not stated a position yet.',
    '',
    headToHead ? 'Your opponent argued:' : 'The other executives argued:',
    ...input.others.map((o) => `<argument seat="${o.seat}">\n${excerpt(o.content, ARGUMENT_CHARS)}\n</argument>\n${stanceLine(o)}`),
    '',
    headToHead
      ? 'Answer your opponent directly: take on their strongest point. Then hold your side or concede, and say what moved you if anything did.'
      : 'Rebut: take on the strongest argument against your view, and say why from your role.',
    'Change your position only for a new fact or a new argument you had not weighed, and name it in "Moved by"; repetition or a majority is not a reason.',
    '',
    STANCE_FORMAT(true),
  ].join('\n');
}

/** The chair's sections: a roundtable has camps and a minority; a head-to-head has two sides. */
function chairSections(format: RoundtableFormat): string[] {
  return format === 'head-to-head'
    ? [
        '## Where the two sides agree',
        '## Where they differ (each point as a bullet: what side A holds, what side B holds)',
        '## Which side is right for you (one clear decision, or the condition that decides it, and the first steps)',
        '## Open questions for you (what the user must answer before deciding)',
        'There are two sides, not a majority and a minority: never write "majority" or "minority".',
      ]
    : [
        '## Consensus (what they agree on)',
        '## Disagreements (each one as a bullet naming who holds which side)',
        '## Minority view (the position held by the fewest, stated fairly)',
        '## Recommendation (one clear decision and the first steps)',
        '## Open questions for you (what the user must answer before deciding)',
      ];
}

export const CHAIR_SYSTEM = (appName: string, industry: string, userRole = '', format: RoundtableFormat = 'roundtable') => {
  const user = resolveUserRole(userRole);
  return [
    `You are the chair of an executive roundtable in ${appName || 'this advisory service'}: a neutral, experienced board chair in the ${industry} industry. You did not argue; you weigh what each executive said in every round and write the verdict the user needs to decide.`,
    `The user is a ${user.label}. ${user.profile.addressing}`,
    ...chairAdviceRules(user.label).map((rule) => `- ${rule}`),
    'Write in Markdown with exactly these sections:',
    ...chairSections(format),
    'Name executives by their role. Do not invent positions nobody took. At most 350 words.',
  ].join('\n');
};

/**
 * The chair reads every round (issue 31, point 4): the earlier rounds' turns clipped, the last
 * round's whole arguments as the rebuttals read them, and each seat's final stance.
 */
export function chairMessage(question: string, format: RoundtableFormat, turns: SpokenTurn[], rounds: SpokenTurn[][] = [], situation = ''): string {
  const earlierRounds = rounds.slice(0, -1);
  const sides = format === 'head-to-head' ? headToHeadSides(question) : null;
  return [
    ...(situation ? [situation] : []),
    `The user's question: ${question}`,
    ...(sides ? ['', `The two sides: (A) ${sides[0]}; (B) ${sides[1]}.`] : []),
    ...earlierRounds.flatMap((round, i) => ['', `Round ${i + 1}${i === 0 ? ' (openings)' : ' (rebuttals)'}:`, ...round.map((t) => `<seat role="${t.seat}" round="${i + 1}">\n${excerpt(t.content, EARLIER_ROUND_CHARS)}\n</seat>\n${stanceLine(t)}`)]),
    '',
    format === 'head-to-head' ? 'The two sides of the head-to-head, their final arguments and stances:' : "Each executive's final argument and position:",
    ...turns.map((t) => `<seat role="${t.seat}">\n${excerpt(t.content, ARGUMENT_CHARS)}\n</seat>\n${stanceLine(t)}${t.stance?.changed ? ` (changed position; moved by: ${t.stance.movedBy ?? 'not said'})` : ''}`),
    '',
    'Write the synthesis.',
  ].join('\n');
}

/** The chair's seat name and a seat's title, for the DTO. */
export function seatTitle(seat: string): string {
  if (seat === CHAIR_SEAT) return 'Chair of the table';
  return resolvePersona(seat, '').persona.title;
}
