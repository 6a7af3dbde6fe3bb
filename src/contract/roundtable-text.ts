import { MAX_MESSAGE_LENGTH } from './chat-text.ts';
import { errorNotice } from './notice-text.ts';

// Roundtable words, limits and helpers without zod: the chat screen imports them from here (issue 18, decision 042).

/**
 * Roundtables and head-to-heads (issue 17, docs/decisions/026-roundtables.md): several executives
 * debate one question, each seat its own model call, and a chair writes the synthesis.
 */
export const roundtableFormats = ['roundtable', 'head-to-head'] as const;
export type RoundtableFormat = (typeof roundtableFormats)[number];

export const MIN_ROUNDTABLE_SEATS = 2;
export const MAX_ROUNDTABLE_SEATS = 5;
/** Round 1 (blind openings), round 2 (rebuttals), and at most one more while stances still move. */
export const MAX_ROUNDTABLE_ROUNDS = 3;
export const DEFAULT_ROUNDTABLE_ROUNDS = 2;
/** The chair's seat name (a moderator persona, not one of the 18 roles). */
export const CHAIR_SEAT = 'Chair';

export const roundtableStatuses = ['running', 'complete', 'stopped', 'failed', 'interrupted'] as const;
export type RoundtableStatus = (typeof roundtableStatuses)[number];
/** Why a table ended before its last round: the stances stopped moving, the token budget, the user's Stop. */
export const roundtableStopReasons = ['consensus', 'max-rounds', 'budget', 'user', 'seats-failed', 'interrupted'] as const;
export type RoundtableStopReason = (typeof roundtableStopReasons)[number];
export const roundtableTurnKinds = ['opening', 'rebuttal', 'answer', 'synthesis'] as const;
export type RoundtableTurnKind = (typeof roundtableTurnKinds)[number];
export const confidenceLevels = ['low', 'medium', 'high'] as const;

export const roundtableFormatLabels: Record<RoundtableFormat | 'one-on-one', string> = {
  'one-on-one': '1-on-1',
  roundtable: 'Roundtable',
  'head-to-head': 'Head-to-head',
};

/** The words of the roundtable screens, shared by the screen, the server and the tests. */
export const roundtableText = {
  formatLegend: 'Format',
  formatHelp: {
    'one-on-one': 'One executive answers you.',
    roundtable: '2 to 5 executives answer blind, rebut each other, and a chair writes the verdict.',
    'head-to-head': 'Two executives argue opposite sides and answer each other; a chair weighs them.',
  } as Record<RoundtableFormat | 'one-on-one', string>,
  pickSeats: 'Who sits at the table',
  pickSeatsHelp: (min: number, max: number) => `Choose ${min} to ${max} executives.`,
  pickTwo: 'Choose the two executives who argue',
  seatsChosen: (n: number) => `${n} chosen`,
  forSide: 'Argues for',
  againstSide: 'Argues against',
  start: 'Convene the table',
  askPlaceholder: 'Ask the table a question…',
  followUpPlaceholder: 'Follow up with the table…',
  addressTable: 'The whole table',
  addressSeat: (role: string) => `Only the ${role}`,
  askTo: 'Ask',
  round: (n: number) => `Round ${n}`,
  roundTitles: { 1: 'Opening positions (blind)', 2: 'Rebuttals' } as Record<number, string>,
  followUpRound: 'Follow-up',
  synthesisTitle: "Chair's synthesis",
  stanceChanged: 'Changed position',
  stanceHeld: 'Held position',
  confidence: (level: string) => `${level} confidence`,
  mainRisk: 'Main risk',
  waiting: 'Waiting to speak',
  speaking: 'Speaking…',
  seatFailed: 'This executive could not answer; the table went on without them.',
  stop: 'Stop the table',
  stopFailed: errorNotice('Failed to stop the roundtable'),
  startFailed: errorNotice('Failed to start the roundtable'),
  resume: 'Resume the table',
  exportPdf: 'Export board pack (PDF)',
  /** The button while the board pack is made, and the notice after its download (issue 29, point 11). */
  exportPreparing: 'Preparing board pack…',
  exported: (fileName: string) => ({ title: 'Board pack ready', description: `${fileName} is in your downloads.` }),
  exportFailed: { title: 'Export failed', description: 'The board pack could not be created. Please try again.' },
  loadFailed: 'This roundtable could not be loaded.',
  ended: {
    consensus: 'The table stopped early: no one changed position.',
    'max-rounds': 'All rounds were held.',
    budget: 'The table reached its token budget and ended.',
    user: 'You stopped the table. What was said is kept.',
    'seats-failed': 'No executive could answer. Please try again.',
    interrupted: 'Interrupted: the server restarted during this roundtable. Resume it to carry on.',
  } as Record<RoundtableStopReason, string>,
  premiumOnly: 'Roundtables and head-to-heads are part of Premium.',
  badge: 'Roundtable',
  headToHeadBadge: 'Head-to-head',
  boardPackTitle: 'Board pack',
} as const;

/** Validation messages of the create route. */
export const roundtableValidation = {
  questionRequired: 'Please enter a question for the table',
  questionTooLong: `Questions can be at most ${MAX_MESSAGE_LENGTH} characters`,
  formatInvalid: "format must be 'roundtable' or 'head-to-head'",
  seatsRoundtable: `A roundtable seats ${MIN_ROUNDTABLE_SEATS} to ${MAX_ROUNDTABLE_SEATS} different executives`,
  seatsHeadToHead: 'A head-to-head needs exactly two different executives',
  addressToNotSeated: 'You can only follow up with an executive who sits at the table',
  roundsInvalid: `maxRounds must be 1 to ${MAX_ROUNDTABLE_ROUNDS}`,
} as const;

/**
 * Server-Sent Events of GET /api/roundtables/{id}/stream. `id:` is opaque: send it back as
 * Last-Event-ID to resume. `snapshot` carries the whole table (first event when the stream is not
 * live here, or after a long disconnect); the others change it.
 */
export const roundtableStreamEventNames = ['snapshot', 'turn-start', 'delta', 'turn-end', 'tools', 'round-end', 'synthesis', 'done', 'error'] as const;
export type RoundtableStreamEventName = (typeof roundtableStreamEventNames)[number];

/** Whether a roundtable is still being written. */
export function isRoundtableLive(status: RoundtableStatus): boolean {
  return status === 'running';
}

/** What a reader shows of a seat's turn while it streams: its words, not the stance block being written. */
export function visibleWhileStreaming(text: string): string {
  // The block, or the start of its tag still arriving ("<", "<sta").
  const tag = /<\s*stance/i.exec(text) ?? /<\s*(?:s(?:t(?:a(?:n(?:ce?)?)?)?)?)?$/i.exec(text);
  return (tag ? text.slice(0, tag.index) : text).trimEnd();
}

/** What each executive brings to a table, for the seat picker (one line each). */
export const executiveRoleDescriptions: Record<string, { title: string; brings: string }> = {
  CEO: { title: 'Chief Executive Officer', brings: 'Strategy, capital allocation and the board' },
  CFO: { title: 'Chief Financial Officer', brings: 'Cash, returns, risk and the numbers' },
  CHRO: { title: 'Chief Human Resources Officer', brings: 'People, culture, hiring and change' },
  CIO: { title: 'Chief Information Officer', brings: 'Systems, data and IT delivery' },
  CISO: { title: 'Chief Information Security Officer', brings: 'Security, privacy and cyber risk' },
  CMO: { title: 'Chief Marketing Officer', brings: 'Customers, brand and growth' },
  COO: { title: 'Chief Operating Officer', brings: 'Operations, execution and cost to serve' },
  CTO: { title: 'Chief Technology Officer', brings: 'Technology bets, architecture and product' },
  Director: { title: 'Director', brings: 'Turning strategy into a department plan' },
  Manager: { title: 'Manager', brings: 'The team, the workload and day-to-day delivery' },
  'Private Equity Partner': { title: 'Private Equity Partner', brings: 'Value creation, leverage and the exit' },
  'Research Analyst': { title: 'Research Analyst', brings: 'Evidence, markets and the base rates' },
  VP: { title: 'Vice President', brings: 'Running a function and its results' },
  'VP Legal': { title: 'VP Legal', brings: 'Contracts, compliance and legal exposure' },
  'VP Manufacturing': { title: 'VP Manufacturing', brings: 'Plants, capacity, yield and safety' },
  'VP Quality': { title: 'VP Quality', brings: 'Quality systems, defects and audits' },
  'VP Sales': { title: 'VP Sales', brings: 'Pipeline, pricing and closing deals' },
  'VP Supply Chain': { title: 'VP Supply Chain', brings: 'Suppliers, inventory and logistics' },
};

/** The seats a new table starts with: the conversation's executive, then the CFO and COO (or the next roles). */
export function defaultSeats(executiveRole: string, all: readonly string[]): string[] {
  const seats = [executiveRole];
  for (const role of ['CFO', 'COO', 'CMO', ...all]) {
    if (seats.length >= 3) break;
    if (!seats.includes(role) && all.includes(role)) seats.push(role);
  }
  return seats;
}
