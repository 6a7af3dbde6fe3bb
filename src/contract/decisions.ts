import { z } from 'zod';
import { chatMessageSchema, chatSessionSchema } from './chat.ts';
import { decisionKinds, decisionStatuses, MAX_DECISION_TEXT, MAX_DECISION_OWNER, MAX_DECISION_OUTCOME, decisionValidation } from './decisions-text.ts';

// Strings, constants and helpers without zod live in decisions-text.ts, so a screen that only shows them does
// not load zod and build every schema (issue 18, decision 042).
export { decisionKinds, decisionStatuses, MAX_DECISION_TEXT, MAX_DECISION_OWNER, MAX_DECISION_OUTCOME, FREE_DECISIONS, MAX_DECISIONS_LISTED, decisionValidation, decisionsText, followUpPrompt, decisionTextFromReply } from './decisions-text.ts';
export type { DecisionKind, DecisionStatus } from './decisions-text.ts';

/**
 * The decision log (issue 14, point 6; docs/decisions/034-decision-log.md): decisions and action items
 * saved from the advisor's replies, listed across conversations, followed up on their date.
 */

const idSchema = z.uuid({ error: decisionValidation.idInvalid });
/** A calendar day, YYYY-MM-DD (a due date, a follow-up day: no time, no zone). */
export const calendarDateSchema = z.iso.date({ error: decisionValidation.dateInvalid });
const textSchema = z
  .string({ error: decisionValidation.textRequired })
  .trim()
  .min(1, decisionValidation.textRequired)
  .max(MAX_DECISION_TEXT, decisionValidation.textTooLong);
/** Empty means none. */
const ownerSchema = z
  .string()
  .trim()
  .max(MAX_DECISION_OWNER, decisionValidation.ownerTooLong)
  .transform((value) => value || null)
  .nullable();
/** What happened (issue 33, point 5): empty means none. */
const outcomeSchema = z
  .string({ error: decisionValidation.outcomeTooLong })
  .trim()
  .max(MAX_DECISION_OUTCOME, decisionValidation.outcomeTooLong)
  .transform((value) => value || null)
  .nullable();
const optionalDate = z
  .union([calendarDateSchema, z.literal('').transform(() => null)])
  .nullable();

export const decisionKindSchema = z.enum(decisionKinds, { error: decisionValidation.kindInvalid });
export const decisionStatusSchema = z.enum(decisionStatuses, { error: decisionValidation.statusInvalid });

export const decisionSchema = z.object({
  id: z.string(),
  kind: decisionKindSchema,
  text: z.string(),
  owner: z.string().nullable(),
  dueDate: z.string().nullable(),
  followUpOn: z.string().nullable(),
  status: decisionStatusSchema,
  /** The conversation it was saved from; null once that conversation is deleted. */
  sessionId: z.string().nullable(),
  sessionTitle: z.string().nullable(),
  messageId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  followedUpAt: z.string().nullable(),
  /** "How did it go?": what happened (decision 082). */
  outcome: z.string().nullable(),
  /** The saved fact the outcome became (Premium, memory on); null when none. */
  outcomeFactId: z.string().nullable(),
});
export type DecisionDto = z.infer<typeof decisionSchema>;

export const decisionParamsSchema = z.object({ id: idSchema });

/** GET /api/decisions: every status, or one. */
export const listDecisionsQuerySchema = z.object({ status: decisionStatusSchema.optional() });
export type ListDecisionsQuery = z.infer<typeof listDecisionsQuerySchema>;
export const listDecisionsResponseSchema = z.object({ decisions: z.array(decisionSchema) });
export type ListDecisionsResponse = z.infer<typeof listDecisionsResponseSchema>;

/** GET /api/decisions/follow-ups: open, follow-up day reached (the server's today, UTC), not followed up yet. */
export const followUpsResponseSchema = z.object({ today: z.string(), decisions: z.array(decisionSchema) });
export type FollowUpsResponse = z.infer<typeof followUpsResponseSchema>;

/** The dialog's fields (kind, text, owner, dates), shared by create and the client's form. */
export const decisionFieldsSchema = z.object({
  kind: decisionKindSchema.default('decision'),
  text: textSchema,
  owner: ownerSchema.optional(),
  dueDate: optionalDate.optional(),
  followUpOn: optionalDate.optional(),
});
export type DecisionFieldsInput = z.input<typeof decisionFieldsSchema>;

/**
 * POST /api/decisions, from a reply: the caller's conversation and one of its advisor's replies. Text
 * left out is taken from the reply (decisionTextFromReply).
 */
export const createDecisionInputSchema = decisionFieldsSchema.extend({
  sessionId: idSchema,
  messageId: idSchema,
  text: textSchema.optional(),
});
export type CreateDecisionInput = z.input<typeof createDecisionInputSchema>;
export type ParsedCreateDecisionInput = z.output<typeof createDecisionInputSchema>;

/** PATCH /api/decisions/:id: any of the fields, and the status. */
export const updateDecisionInputSchema = z
  .object({
    kind: decisionKindSchema.optional(),
    text: textSchema.optional(),
    owner: ownerSchema.optional(),
    dueDate: optionalDate.optional(),
    followUpOn: optionalDate.optional(),
    status: decisionStatusSchema.optional(),
    /** What happened; on a done decision (Premium, memory on) it is remembered as a fact. Null or empty clears it. */
    outcome: outcomeSchema.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: decisionValidation.nothingToChange });
export type UpdateDecisionInput = z.input<typeof updateDecisionInputSchema>;
export type ParsedUpdateDecisionInput = z.output<typeof updateDecisionInputSchema>;

export const deleteDecisionResponseSchema = z.object({ deletedId: z.string() });

/** POST /api/decisions/:id/follow-up: a new conversation asking how it went, its reply being written. */
export const followUpResponseSchema = z.object({
  decision: decisionSchema,
  session: chatSessionSchema,
  userMessage: chatMessageSchema,
  assistantMessage: chatMessageSchema,
});
export type FollowUpResponse = z.infer<typeof followUpResponseSchema>;
