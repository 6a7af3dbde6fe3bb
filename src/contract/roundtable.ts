import { z } from 'zod';
import { MAX_MESSAGE_LENGTH, executiveRoleSchema } from './chat.ts';
import { toolActivitySchema } from './tools.ts';
import { roundtableFormats, MIN_ROUNDTABLE_SEATS, MAX_ROUNDTABLE_SEATS, MAX_ROUNDTABLE_ROUNDS, DEFAULT_ROUNDTABLE_ROUNDS, roundtableStatuses, roundtableStopReasons, roundtableTurnKinds, confidenceLevels, roundtableValidation } from './roundtable-text.ts';

// Strings, constants and helpers without zod live in roundtable-text.ts, so a screen that only shows them does
// not load zod and build every schema (issue 18, decision 042).
export { roundtableFormats, MIN_ROUNDTABLE_SEATS, MAX_ROUNDTABLE_SEATS, MAX_ROUNDTABLE_ROUNDS, DEFAULT_ROUNDTABLE_ROUNDS, CHAIR_SEAT, roundtableStatuses, roundtableStopReasons, roundtableTurnKinds, confidenceLevels, roundtableFormatLabels, roundtableText, roundtableValidation, roundtableStreamEventNames, isRoundtableLive, visibleWhileStreaming, executiveRoleDescriptions, defaultSeats } from './roundtable-text.ts';
export type { RoundtableFormat, RoundtableStatus, RoundtableStopReason, RoundtableTurnKind, RoundtableStreamEventName } from './roundtable-text.ts';

/**
 * Roundtables and head-to-heads (issue 17, docs/decisions/026-roundtables.md): several executives
 * debate one question, each seat its own model call, and a chair writes the synthesis.
 */

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
  /** The seat's tool calls (issue 32): what a reply's tool panel and sources show. Absent or empty: none. */
  tools: z.array(toolActivitySchema).optional(),
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
export const rtTurnStartEventSchema = z.object({ turnId: z.string(), round: z.number(), seat: z.string(), kind: z.enum(roundtableTurnKinds) });
export const rtDeltaEventSchema = z.object({ turnId: z.string(), text: z.string() });
export const rtTurnEndEventSchema = z.object({
  turnId: z.string(),
  status: z.enum(['complete', 'failed', 'stopped']),
  content: z.string(),
  stance: stanceSchema.nullable(),
  error: z.string().nullable(),
});
/** A seat's tool calls so far, whole: sent when one starts and when it ends. */
export const rtToolsEventSchema = z.object({ turnId: z.string(), tools: z.array(toolActivitySchema) });
export type RtToolsEvent = z.infer<typeof rtToolsEventSchema>;
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

/** GET /api/admin/roundtables/usage: tokens roundtables spent per UTC day (admins). */
export const roundtableUsageQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
export const roundtableUsageSchema = z.object({
  days: z.array(z.object({ day: z.string(), roundtables: z.number(), turns: z.number(), promptTokens: z.number(), completionTokens: z.number() })),
});
export type RoundtableUsage = z.infer<typeof roundtableUsageSchema>;
