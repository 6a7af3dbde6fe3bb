import { CHAIR_SEAT, type RoundtableFormat, type Stance } from '#contract/roundtable.ts';
import { buildSystemPrompt, resolvePersona, resolveUserRole } from '#server/ai/personas/compose.ts';
import { chairAdviceRules } from '#server/ai/prompts/advice.ts';
import { headToHeadSides, sideOf, type TablePlan } from './rounds.ts';

/**
 * What each seat and the chair are told (docs/decisions/026-roundtables.md, 068): the seat's system
 * prompt, the blind opening, the rebuttal on the others' whole arguments, the chair's every round.
 */

/** How much of a seat's turn the others read in a rebuttal: the whole argument of a turn within its output limit (about 250 words). */
const ARGUMENT_CHARS = 2_400;
/** How much of each earlier round the chair reads (the last round it reads as the rebuttals do). */
const EARLIER_ROUND_CHARS = 1_200;
const EXCERPT_CHARS = 1_200;

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
