import { z } from 'zod';
import { industries } from './roles.ts';
import { companyStages, factSources, factStatuses, fiscalMonths, memoryLimits, memoryValidation, revenueKinds } from './memory-text.ts';

// Strings, limits and helpers without zod live in memory-text.ts (decision 042).
export * from './memory-text.ts';

/**
 * Company memory (issue 33; docs/decisions/073-company-memory.md): the company profile every
 * advisor reads, the facts learned from conversations, and the switch that pauses both.
 */

const idSchema = z.uuid({ error: memoryValidation.idInvalid });
const calendarDate = z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' });

/** Text: trimmed, empty means none. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, memoryValidation.textTooLong(max))
    .transform((value) => value || null)
    .nullable()
    .optional();

const money = z
  .number({ error: memoryValidation.numberInvalid })
  .finite(memoryValidation.numberInvalid)
  .min(-memoryLimits.money, memoryValidation.numberTooLarge)
  .max(memoryLimits.money, memoryValidation.numberTooLarge);
const nonNegativeMoney = money.min(0, memoryValidation.numberNegative);

export const leaderSchema = z.object({
  role: z.string({ error: memoryValidation.leaderRoleRequired }).trim().min(1, memoryValidation.leaderRoleRequired).max(memoryLimits.leaderRole, memoryValidation.textTooLong(memoryLimits.leaderRole)),
  name: z.string().trim().max(memoryLimits.leaderName, memoryValidation.textTooLong(memoryLimits.leaderName)).default(''),
});

/** The profile's fields: every one optional; null clears it. */
export const profileFieldsSchema = z.object({
  name: optionalText(memoryLimits.shortText),
  industry: z.enum(industries, { error: memoryValidation.industryInvalid }).nullable().optional(),
  stage: z.enum(companyStages, { error: memoryValidation.stageInvalid }).nullable().optional(),
  headcount: z.number({ error: memoryValidation.headcountInvalid }).int(memoryValidation.headcountInvalid).min(0, memoryValidation.numberNegative).max(memoryLimits.headcount, memoryValidation.numberTooLarge).nullable().optional(),
  revenue: nonNegativeMoney.nullable().optional(),
  revenueKind: z.enum(revenueKinds, { error: memoryValidation.revenueKindInvalid }).nullable().optional(),
  grossMarginPercent: z.number({ error: memoryValidation.percentInvalid }).finite(memoryValidation.percentInvalid).min(-1000, memoryValidation.percentInvalid).max(100, memoryValidation.percentInvalid).nullable().optional(),
  cash: nonNegativeMoney.nullable().optional(),
  /** Net cash out per month; negative means the company makes cash. */
  monthlyNetBurn: money.nullable().optional(),
  fiscalYearEnd: z.enum(fiscalMonths, { error: memoryValidation.monthInvalid }).nullable().optional(),
  markets: optionalText(memoryLimits.markets),
  goals: optionalText(memoryLimits.longText),
  constraints: optionalText(memoryLimits.longText),
  leadership: z.array(leaderSchema).max(memoryLimits.leaders, memoryValidation.tooManyLeaders).nullable().optional(),
  notes: optionalText(memoryLimits.notes),
});

/** The profile as answered (no transforms: a response schema must encode). */
export const profileSchema = z.object({
  name: z.string().nullable().optional(),
  industry: z.enum(industries).nullable().optional(),
  stage: z.enum(companyStages).nullable().optional(),
  headcount: z.number().nullable().optional(),
  revenue: z.number().nullable().optional(),
  revenueKind: z.enum(revenueKinds).nullable().optional(),
  grossMarginPercent: z.number().nullable().optional(),
  cash: z.number().nullable().optional(),
  monthlyNetBurn: z.number().nullable().optional(),
  fiscalYearEnd: z.enum(fiscalMonths).nullable().optional(),
  markets: z.string().nullable().optional(),
  goals: z.string().nullable().optional(),
  constraints: z.string().nullable().optional(),
  leadership: z.array(z.object({ role: z.string(), name: z.string() })).nullable().optional(),
  notes: z.string().nullable().optional(),
});

/** PATCH /api/memory/profile: the fields to change (absent: unchanged; null or empty: cleared). */
export const updateProfileInputSchema = profileFieldsSchema.strict().refine((value) => Object.keys(value).length > 0, { message: memoryValidation.nothingToChange });
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>;
export type ParsedUpdateProfileInput = z.output<typeof updateProfileInputSchema>;

export const factSchema = z.object({
  id: z.string(),
  text: z.string(),
  status: z.enum(factStatuses),
  source: z.enum(factSources),
  /** The conversation it came from; null once that conversation is deleted, or for a fact typed on the page. */
  sessionId: z.string().nullable(),
  sessionTitle: z.string().nullable(),
  messageId: z.string().nullable(),
  /** The day the fact was stated (or last confirmed by an edit). */
  statedOn: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Older than MEMORY_STALE_MONTHS: advisors ask before relying on it. */
  needsReview: z.boolean(),
});
export type FactDto = z.infer<typeof factSchema>;

/** A document pinned to the company (decision 082): every advisor may read it, in any conversation. */
export const pinnedDocumentSchema = z.object({
  documentId: z.string(),
  name: z.string(),
  /** The conversation it was attached to. */
  sessionId: z.string(),
  sessionTitle: z.string().nullable(),
  pinnedAt: z.string(),
});
export type PinnedDocumentDto = z.infer<typeof pinnedDocumentSchema>;

export const memoryResponseSchema = z.object({
  profile: profileSchema,
  /** When each field was last changed (ISO timestamps), by field name. */
  fieldDates: z.record(z.string(), z.string()),
  /** Fields older than MEMORY_STALE_MONTHS. */
  staleFields: z.array(z.string()),
  runwayMonths: z.number().nullable(),
  paused: z.boolean(),
  /** Saved facts, newest first. */
  facts: z.array(factSchema),
  /** Whether the plan keeps learned facts (Premium, decision 074). */
  factsAllowed: z.boolean(),
  /** Pinned documents, oldest pin first (decision 082). */
  pinnedDocuments: z.array(pinnedDocumentSchema),
  /** Whether the plan pins documents (Premium, decision 074). */
  pinsAllowed: z.boolean(),
  staleMonths: z.number(),
  updatedAt: z.string().nullable(),
});
export type MemoryResponse = z.infer<typeof memoryResponseSchema>;

/** PATCH /api/memory/settings. */
export const memorySettingsInputSchema = z.object({ paused: z.boolean({ error: 'Say whether memory is paused (true or false).' }) });
export type MemorySettingsInput = z.infer<typeof memorySettingsInputSchema>;

const factTextSchema = z.string({ error: memoryValidation.factRequired }).trim().min(1, memoryValidation.factRequired).max(memoryLimits.factText, memoryValidation.factTooLong);

/** POST /api/memory/facts: a fact typed on the page (Premium). */
export const createFactInputSchema = z.object({ text: factTextSchema, statedOn: calendarDate.optional() });
export type CreateFactInput = z.input<typeof createFactInputSchema>;

/** PATCH /api/memory/facts/:id: edit a fact or a proposal; `status: 'saved'` saves a proposal (Premium). */
export const updateFactInputSchema = z
  .object({ text: factTextSchema.optional(), statedOn: calendarDate.optional(), status: z.literal('saved', { error: 'Only "saved" can be set.' }).optional() })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: memoryValidation.nothingToChange });
export type UpdateFactInput = z.input<typeof updateFactInputSchema>;

export const factParamsSchema = z.object({ id: idSchema });
export const deleteFactResponseSchema = z.object({ deletedId: z.string() });

/** GET /api/memory/proposals?sessionId=: the "Remember this?" proposals of one conversation. */
export const proposalsQuerySchema = z.object({ sessionId: idSchema });
export const proposalsResponseSchema = z.object({ proposals: z.array(factSchema) });
export type ProposalsResponse = z.infer<typeof proposalsResponseSchema>;

/** POST /api/memory/pins: pin one of the caller's analysed documents (Premium). */
export const pinDocumentInputSchema = z.object({ documentId: z.uuid({ error: memoryValidation.documentIdInvalid }) });
export type PinDocumentInput = z.infer<typeof pinDocumentInputSchema>;
export const pinParamsSchema = z.object({ documentId: z.uuid({ error: memoryValidation.documentIdInvalid }) });
export const unpinResponseSchema = z.object({ unpinnedId: z.string() });

/** GET /api/memory/pinnable: the caller's analysed documents not pinned yet, newest first (the page's choice). */
export const pinnableResponseSchema = z.object({
  documents: z.array(z.object({ documentId: z.string(), name: z.string(), sessionTitle: z.string().nullable(), createdAt: z.string() })),
});
export type PinnableResponse = z.infer<typeof pinnableResponseSchema>;

export const memoryExportFormats = ['markdown', 'json'] as const;
export const memoryExportQuerySchema = z.object({ format: z.enum(memoryExportFormats, { error: memoryValidation.formatInvalid }) });

/** The JSON export: everything the page shows. */
export const memoryExportSchema = z.object({
  exportedAt: z.string(),
  paused: z.boolean(),
  profile: profileSchema,
  fieldDates: z.record(z.string(), z.string()),
  runwayMonths: z.number().nullable(),
  facts: z.array(factSchema.pick({ text: true, source: true, sessionTitle: true, statedOn: true, needsReview: true })),
  pinnedDocuments: z.array(pinnedDocumentSchema.pick({ name: true, sessionTitle: true, pinnedAt: true })),
});
