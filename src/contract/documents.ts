import { z } from 'zod';
import { MAX_FILE_BYTES } from './limits.ts';
import { executiveRoleSchema, industrySchema } from './chat.ts';
import { uploadText, documentStatuses, extractionStatuses } from './documents-text.ts';

// Strings, constants and helpers without zod live in documents-text.ts, so a screen that only shows them does
// not load zod and build every schema (issue 18, decision 042).
export { storageLimits, storageUsageText, uploadLimits, extractionLimits, extractionText, analysisBudget, uploadText, documentStatuses, extractionStatuses, isDocumentSettled, formatFileSize } from './documents-text.ts';
export type { DocumentStatus } from './documents-text.ts';

export const documentAnalysisSchema = z.object({
  /** Who wrote it: the persona and industry. */
  executiveRole: z.string(),
  industry: z.string(),
  executiveSummary: z.string(),
  keyPoints: z.array(z.string()),
  risks: z.array(z.string()),
  questions: z.array(z.string()),
  /** What could not be read, said plainly (empty when everything was read). */
  limitations: z.array(z.string()),
});
export type DocumentAnalysis = z.infer<typeof documentAnalysisSchema>;

/**
 * What the model writes for an analysis: the AI SDK's structured output, named, and validated
 * against this schema before anything is saved (an invalid answer fails the attempt, never saves).
 */
export const analysisOutputSchema = z.object({
  executiveSummary: z.string().trim().min(1).describe('One paragraph: what the document says and what it means for the user, in the executive\'s voice.'),
  keyPoints: z.array(z.string().trim().min(1)).max(8).describe('Up to 6 key points, each with its figures and where it is (page, sheet, slide).'),
  risks: z.array(z.string().trim().min(1)).max(6).describe('Up to 5 risks.'),
  questions: z.array(z.string().trim().min(1)).max(6).describe('Up to 4 questions the executive would ask the user.'),
});
export const ANALYSIS_OUTPUT_NAME = 'document_analysis';

export const documentSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  filename: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  status: z.enum(documentStatuses),
  extractionStatus: z.enum(extractionStatuses),
  pageCount: z.number().nullable(),
  sheetCount: z.number().nullable(),
  textChars: z.number().nullable(),
  extractionNotes: z.array(z.string()),
  analysis: documentAnalysisSchema.nullable(),
  error: z.string().nullable(),
  /** Where the owner downloads the file (always as an attachment). */
  downloadUrl: z.string(),
  createdAt: z.string(),
});
export type DocumentDto = z.infer<typeof documentSchema>;

/** POST /api/documents/upload-url: the file's size, reserved against the account's storage and bound into the URL. */
export const uploadUrlInputSchema = z.object({ size: z.number().int().min(0).max(MAX_FILE_BYTES, uploadText.tooLarge.description) });
export type UploadUrlInput = z.infer<typeof uploadUrlInputSchema>;
export const uploadUrlResponseSchema = z.object({ uploadURL: z.string(), expiresAt: z.string() });
export type UploadUrlResponse = z.infer<typeof uploadUrlResponseSchema>;

const idSchema = z.uuid({ error: 'Not a valid id' });

/** POST /api/documents/process (spec section 7). */
export const processDocumentInputSchema = z.object({
  objectStorageUrl: z.string().min(1).max(2048),
  filename: z.string().trim().min(1).max(255),
  originalName: z.string().trim().min(1).max(255),
  mimeType: z.string().max(255).default('application/octet-stream'),
  size: z.number().int().min(0).max(MAX_FILE_BYTES, uploadText.tooLarge.description),
  executiveRole: executiveRoleSchema,
  industry: industrySchema.optional(),
  sessionId: idSchema,
});
export type ProcessDocumentInput = z.input<typeof processDocumentInputSchema>;

export const documentResponseSchema = z.object({ document: documentSchema });
/** GET /api/chat-sessions/:id/documents: the conversation's documents, oldest first (a list, as spec section 7 has it). */
export const documentListResponseSchema = z.array(documentSchema);
export type DocumentListResponse = z.infer<typeof documentListResponseSchema>;
export const documentParamsSchema = z.object({ id: idSchema });
