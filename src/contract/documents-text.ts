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
  /** An upload not attached this long after its URL was made is deleted (the URL's life, then time for a slow upload to end). */
  unattachedLifetimeSeconds: 30 * 60,
  /** Upload URLs an account may hold unattached at once. */
  maxPendingUploads: 5,
} as const;

/** Document storage per account, by plan (decision 052): every stored document and every upload URL not yet attached. */
export const storageLimits = {
  freeBytes: 250 * 1024 * 1024,
  premiumBytes: 5 * 1024 * 1024 * 1024,
} as const;

/**
 * Extraction limits, said to the user when they cut anything (never silently). The memory bounds
 * (decision 052) are checked before a reader allocates: a zip container's entries and uncompressed
 * size from its central directory (and counted again while inflating, since headers can lie), an
 * image's pixels from its header.
 */
export const extractionLimits = {
  maxPages: 500,
  maxChars: 2_000_000,
  maxSeconds: 120,
  maxSheetRows: 5000,
  /** Entries in a DOCX, XLSX or PPTX (a zip container). */
  maxZipEntries: 10_000,
  /** Uncompressed bytes of the parts of a DOCX, XLSX or PPTX that hold its text (pictures are never inflated). */
  maxUnzippedBytes: 64 * 1024 * 1024,
  /** Pixels of an image, read from its header before it is decoded. */
  maxImagePixels: 50_000_000,
  /** Pixels OCR reads: a larger image is scaled down to this first. */
  maxOcrPixels: 12_000_000,
  /** Bytes of a text, CSV, JSON or HTML file read (about four times the text limit, for multi-byte characters). */
  maxTextBytes: 8 * 1024 * 1024,
  /** Memory the server may grow by while one file is read; past it the reader is stopped. */
  maxMemoryMb: 768,
} as const;

/**
 * Model-call budgets of document analyses, decided on the server (decision 052): a 2-million-character
 * deck once cost 268 summarising calls, and each retry repeated them all.
 */
export const analysisBudget = {
  /** Model calls one document's analysis may make, across all its attempts. */
  callsPerDocument: 16,
  /** Parts of a long document summarised (one call each) before the analysis is written from the notes. */
  partsPerDocument: 12,
  /** Model calls for analyses per account and UTC day. */
  callsPerDay: { free: 20, premium: 300 },
} as const;

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const megapixels = (pixels: number) => `${(pixels / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} megapixels`;

/** What the user reads when a limit stopped or cut the reading of a file: each names its limit. */
export const extractionText = {
  tooManyEntries: (entries: number, max: number) =>
    `The file holds ${count(entries)} parts, more than the ${count(max)} that are read (the part limit), so its content was not read.`,
  tooLargeUnzipped: (bytes: number, max: number) =>
    `The file's text parts expand to ${megabytes(bytes)}, more than the ${megabytes(max)} that are read (the uncompressed size limit), so its content was not read.`,
  sizesLie: "The file's parts inflate to more than their headers say (a damaged or hostile file), so its content was not read.",
  tooManyPixels: (width: number, height: number, max: number) =>
    `The image is ${count(width)} x ${count(height)} pixels, more than the ${megapixels(max)} that are read (the image size limit), so its content was not read.`,
  ocrScaledDown: (max: number) => `The image was scaled down to ${megapixels(max)} before OCR (the OCR area limit); small print may be misread.`,
  pageLimit: (max: number, pages: number) => `Only the first ${count(max)} of ${count(pages)} pages were read (the page limit).`,
  textBytesLimit: (max: number) => `Only the first ${megabytes(max)} of the file were read (the file text limit).`,
  charLimit: (max: number, total: number) => `Only the first ${count(max)} of ${count(total)} characters were read (the text limit).`,
  rowLimit: (max: number, rows: number) => `Only the first ${count(max)} of ${count(rows)} rows were read (the row limit).`,
  memoryLimit: (mb: number) => `Reading the file needed more than ${mb} MB of memory (the memory limit), so its content was not read.`,
  timeLimit: (seconds: number) => `Reading the file took longer than ${seconds} seconds (the time limit), so its content was not read.`,
  notText: 'The file is not text, and its type is not one that can be read.',
  readInParts: (parts: number) => `The document is long, so it was read in ${count(parts)} parts and analysed from notes on each part.`,
  analysedFirstParts: (read: number, total: number) =>
    `The document is long: the analysis covers its first ${count(read)} of ${count(total)} parts (the analysis budget); ask about the rest in the chat, where replies search the whole text.`,
  documentBudgetUsed: 'The analysis of this document used its budget of model calls without finishing. The document is attached: replies can still read it.',
  dailyBudgetUsed: "Today's budget for document analyses is used, so this document was not analysed. The document is attached: replies can still read it.",
  notReadableAs: (format: string) => `The file is not a readable ${format.toUpperCase()}, so its content was not read.`,
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
export function isDocumentSettled(document: { status: DocumentStatus }): boolean {
  return document.status !== 'processing';
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}

/** The storage a plan's account has, as the usage bar says it: "12.0 MB of 250 MB stored". */
export function storageUsageText(used: number, limit: number): string {
  const whole = (bytes: number) => (bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3} GB` : `${bytes / 1024 ** 2} MB`);
  return `${formatFileSize(used)} of ${whole(limit)} stored`;
}
