import { z } from 'zod';
import { MAX_MESSAGE_LENGTH, executiveRoleSchema } from './chat.ts';

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
  stopFailed: { title: 'Error', description: 'Failed to stop the roundtable' },
  startFailed: { title: 'Error', description: 'Failed to start the roundtable' },
  resume: 'Resume the table',
  exportPdf: 'Export board pack (PDF)',
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

const idSchema = z.uuid({ error: 'Not a valid id' });

/** POST /api/chat-sessions/{id}/roundtables */
export const createRoundtableInputSchema = z
  .object({
    question: z
      .string({ error: roundtableValidation.questionRequired })
      .trim()
      .min(1, roundtableValidation.questionRequired)
      .max(MAX_MESSAGE_LENGTH, roundtableValidation.questionTooLong),
    format: z.enum(roundtableFormats, { error: roundtableValidation.formatInvalid }),
    executiveRoles: z.array(executiveRoleSchema).min(MIN_ROUNDTABLE_SEATS).max(MAX_ROUNDTABLE_SEATS),
    maxRounds: z.int({ error: roundtableValidation.roundsInvalid }).min(1, roundtableValidation.roundsInvalid).max(MAX_ROUNDTABLE_ROUNDS, roundtableValidation.roundsInvalid).default(DEFAULT_ROUNDTABLE_ROUNDS),
    /** A follow-up to this earlier roundtable of the conversation: its debate is the new one's context. */
    followUpOf: idSchema.optional(),
    /** A follow-up to one seat by name: only that executive answers (it must sit at the table). */
    addressTo: executiveRoleSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const distinct = new Set(value.executiveRoles).size === value.executiveRoles.length;
    if (value.format === 'head-to-head' && (value.executiveRoles.length !== 2 || !distinct)) {
      ctx.addIssue({ code: 'custom', message: roundtableValidation.seatsHeadToHead, path: ['executiveRoles'] });
    } else if (!distinct) {
      ctx.addIssue({ code: 'custom', message: roundtableValidation.seatsRoundtable, path: ['executiveRoles'] });
    }
    if (value.addressTo !== undefined && !value.executiveRoles.includes(value.addressTo)) {
      ctx.addIssue({ code: 'custom', message: roundtableValidation.addressToNotSeated, path: ['addressTo'] });
    }
  });
export type CreateRoundtableInput = z.input<typeof createRoundtableInputSchema>;
export type ParsedCreateRoundtableInput = z.output<typeof createRoundtableInputSchema>;

export const roundtableParamsSchema = z.object({ id: idSchema });

/** A seat's short stance, returned with each opening and rebuttal. */
export const stanceSchema = z.object({
  position: z.string(),
  confidence: z.enum(confidenceLevels).nullable(),
  risk: z.string().nullable(),
  /** In a rebuttal: whether the seat changed its position, and what moved it. */
  changed: z.boolean(),
  movedBy: z.string().nullable(),
});
export type Stance = z.infer<typeof stanceSchema>;

export const roundtableSeatSchema = z.object({
  role: z.string(),
  /** The persona's title, e.g. "Chief Financial Officer". */
  title: z.string(),
  /** What this executive brings, one line (the seat picker shows it). */
  summary: z.string(),
  /** Head-to-head: the side this seat argues. */
  side: z.enum(['for', 'against']).nullable(),
});
export type RoundtableSeat = z.infer<typeof roundtableSeatSchema>;

export const roundtableTurnSchema = z.object({
  id: z.string(),
  round: z.number(),
  kind: z.enum(roundtableTurnKinds),
  /** The executive's role, or CHAIR_SEAT. */
  seat: z.string(),
  role: z.literal('assistant'),
  content: z.string(),
  stance: stanceSchema.nullable(),
  status: z.enum(['streaming', 'complete', 'failed', 'stopped']),
  error: z.string().nullable(),
  promptTokens: z.number().nullable(),
  completionTokens: z.number().nullable(),
});
export type RoundtableTurn = z.infer<typeof roundtableTurnSchema>;

export const roundtableSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  question: z.string(),
  questionMessageId: z.string().nullable(),
  format: z.enum(roundtableFormats),
  status: z.enum(roundtableStatuses),
  stopReason: z.enum(roundtableStopReasons).nullable(),
  maxRounds: z.number(),
  industry: z.string(),
  userRole: z.string(),
  addressTo: z.string().nullable(),
  followUpOf: z.string().nullable(),
  tokenBudget: z.number(),
  tokensUsed: z.number(),
  seats: z.array(roundtableSeatSchema),
  turns: z.array(roundtableTurnSchema),
  synthesis: roundtableTurnSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoundtableDto = z.infer<typeof roundtableSchema>;

export const listRoundtablesResponseSchema = z.object({ roundtables: z.array(roundtableSchema) });

/**
 * Server-Sent Events of GET /api/roundtables/{id}/stream. `id:` is opaque: send it back as
 * Last-Event-ID to resume. `snapshot` carries the whole table (first event when the stream is not
 * live here, or after a long disconnect); the others change it.
 */
export const roundtableStreamEventNames = ['snapshot', 'turn-start', 'delta', 'turn-end', 'round-end', 'synthesis', 'done', 'error'] as const;
export type RoundtableStreamEventName = (typeof roundtableStreamEventNames)[number];
export const rtTurnStartEventSchema = z.object({ turnId: z.string(), round: z.number(), seat: z.string(), kind: z.enum(roundtableTurnKinds) });
export const rtDeltaEventSchema = z.object({ turnId: z.string(), text: z.string() });
export const rtTurnEndEventSchema = z.object({
  turnId: z.string(),
  status: z.enum(['complete', 'failed', 'stopped']),
  content: z.string(),
  stance: stanceSchema.nullable(),
  error: z.string().nullable(),
});
export const rtRoundEndEventSchema = z.object({ round: z.number(), changedSeats: z.array(z.string()) });
export const rtSynthesisEventSchema = z.object({ turnId: z.string(), content: z.string() });
export const rtDoneEventSchema = z.object({ status: z.enum(roundtableStatuses), stopReason: z.enum(roundtableStopReasons).nullable(), tokensUsed: z.number() });
export const rtErrorEventSchema = z.object({ message: z.string() });
export type RtTurnStartEvent = z.infer<typeof rtTurnStartEventSchema>;
export type RtDeltaEvent = z.infer<typeof rtDeltaEventSchema>;
export type RtTurnEndEvent = z.infer<typeof rtTurnEndEventSchema>;
export type RtRoundEndEvent = z.infer<typeof rtRoundEndEventSchema>;
export type RtSynthesisEvent = z.infer<typeof rtSynthesisEventSchema>;
export type RtDoneEvent = z.infer<typeof rtDoneEventSchema>;
export type RtErrorEvent = z.infer<typeof rtErrorEventSchema>;

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

/** GET /api/admin/roundtables/usage: tokens roundtables spent per UTC day (admins). */
export const roundtableUsageQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
export const roundtableUsageSchema = z.object({
  days: z.array(z.object({ day: z.string(), roundtables: z.number(), turns: z.number(), promptTokens: z.number(), completionTokens: z.number() })),
});
export type RoundtableUsage = z.infer<typeof roundtableUsageSchema>;

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
