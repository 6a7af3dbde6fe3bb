import type { DocumentDto } from './documents.ts';
import { MAX_FILE_BYTES } from './limits.ts';

// Document words, limits and helpers without zod: the chat screen imports them from here (issue 18, decision 042).

/** Spec section 9: uploads and the wait for an analysis. */
export const uploadLimits = {
  maxBytes: MAX_FILE_BYTES,
  attempts: 3,
  firstBackoffMs: 1000,
  maxBackoffMs: 8000,
  timeoutMs: 60_000,
  mobileTimeoutMs: 90_000,
  /** Slow connections (Network Information API effectiveType) get at least this long. */
  slowConnectionTimeoutMs: { 'slow-2g': 120_000, '2g': 120_000, '3g': 90_000 } as Record<string, number>,
  analysisPollMs: 1000,
  analysisWaitMs: 30_000,
  /** How long an upload URL may be used. */
  uploadUrlSeconds: 15 * 60,
} as const;

/** Extraction limits, said to the user when they cut anything (never silently). */
export const extractionLimits = {
  maxPages: 500,
  maxChars: 2_000_000,
  maxSeconds: 120,
  maxSheetRows: 5000,
} as const;

/**
 * Spec section 8's 'Upload Failed' notices and the other words of the upload flow, shared by the
 * client, the server and the tests.
 */
export const uploadText = {
  failedTitle: 'Upload Failed',
  uploadUrlFailed: 'Failed to get upload URL',
  storageFailed: (status: number) => `Storage upload failed with status ${status}`,
  networkError: 'Network error during upload',
  timedOut: (seconds: number) => `Upload timed out after ${seconds} seconds`,
  cancelled: 'Upload cancelled by user',
  processFailed: 'Failed to process document',
  noSession: 'No chat session available (please refresh the page)',
  tooLarge: { title: 'File too large', description: 'Please select a file smaller than 100MB' },
  retrying: (attempt: number, of: number) => `Retrying upload (attempt ${attempt} of ${of})...`,
  analysing: 'Analysing document...',
  stillAnalysing: 'The analysis is taking longer than usual; it will appear on the document when it is ready.',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  processing: 'Preparing the document…',
  staged: 'Attached: sent with your next message',
  /** Why the attach button cannot be used now (spec section 5). */
  attachDisabled: {
    noAllowance: "Today's free attachment is used. Upgrade to Premium for unlimited attachments.",
    uploading: 'Wait for the upload to finish.',
    staged: 'One document per message: send or remove the staged one first.',
  },
  dialog: {
    title: 'Attach a document',
    description: (advisor: string) => `Your ${advisor} reads it and writes an analysis: an executive summary, key points, risks and questions.`,
    choose: 'Choose a file',
    drop: 'or drop it here',
    formats: 'PDF, Word, Excel, CSV, PowerPoint, text, Markdown, JSON, HTML, or an image (its text is read by OCR); any other file is stored and attached. Up to 100 MB.',
    allowance: (used: number, limit: number) => `Document analysis today: ${used} / ${limit} used (free plan).`,
  },
} as const;

export const documentStatuses = ['processing', 'ready', 'failed'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];
export const extractionStatuses = ['pending', 'complete', 'partial', 'unreadable'] as const;

/** The analysis has its final state (ready or failed): stop polling. */
export function isDocumentSettled(document: Pick<DocumentDto, 'status'>): boolean {
  return document.status !== 'processing';
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
