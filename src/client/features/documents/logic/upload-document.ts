import { isDocumentSettled, uploadLimits } from '#contract/documents-text.ts';
import type { DocumentDto, ProcessDocumentInput, UploadUrlResponse } from '#contract/documents.ts';
import { isUpgradeErrorCode } from '#contract/errors-text.ts';
import { ApiError, errorCodeOf } from '#client/lib/api-client.ts';
import { UploadError, withUploadRetries } from './upload-policy.ts';

/** The calls the upload makes; the real ones in production, answered by the test in tests. */
export interface UploadCalls {
  getUploadUrl: (size: number) => Promise<UploadUrlResponse>;
  putFile: (uploadURL: string, file: Blob, options: { timeoutMs: number; signal: AbortSignal; onProgress?: (fraction: number) => void }) => Promise<void>;
  processDocument: (input: ProcessDocumentInput) => Promise<DocumentDto>;
  getDocument: (id: string, signal?: AbortSignal) => Promise<DocumentDto>;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  now: () => number;
}

export type UploadPhase = 'uploading' | 'processing' | 'analysing';

export interface UploadRequest {
  file: File;
  sessionId: string | null;
  executiveRole: string;
  industry?: string;
  timeoutMs: number;
  signal: AbortSignal;
  onPhase?: (phase: UploadPhase) => void;
  onProgress?: (fraction: number) => void;
  onRetry?: (attempt: number, of: number) => void;
}

/** A refusal Premium lifts (today's attachment is used): the caller opens the upgrade dialog rather than 'Upload Failed'. */
export function isUpgradeRefusal(error: unknown): error is ApiError {
  return isUpgradeErrorCode(errorCodeOf(error));
}

/**
 * The spec's upload flow (sections 4, 7, 9): an upload URL and the PUT of the file's bytes, up to 3
 * attempts with backoff (4xx and cancellation final); then processing; then the analysis polled
 * every second for up to 30 s. Resolves with the document, settled or (after 30 s) still being
 * analysed in the background. Rejects with UploadError (the 'Upload Failed' message) or, for a
 * refusal Premium lifts, the API's error.
 */
export async function uploadDocument(calls: UploadCalls, request: UploadRequest): Promise<DocumentDto> {
  const { file, signal } = request;
  if (!request.sessionId) throw new UploadError({ kind: 'no-session' });
  request.onPhase?.('uploading');
  // One URL for every attempt: each URL holds the file's size against the account's storage until it is collected.
  let url: string | undefined;
  const uploadURL = await withUploadRetries(
    async () => {
      request.onProgress?.(0);
      try {
        url ??= (await calls.getUploadUrl(file.size)).uploadURL;
      } catch (error) {
        if (isUpgradeRefusal(error)) throw error;
        const status = error instanceof ApiError ? error.status : undefined;
        if (error instanceof ApiError && (errorCodeOf(error) === 'payload_too_large:storage' || errorCodeOf(error) === 'rate_limit:uploads')) {
          throw new UploadError({ kind: 'refused', message: error.message }, status);
        }
        throw new UploadError({ kind: 'upload-url' }, status);
      }
      await calls.putFile(url, file, { timeoutMs: request.timeoutMs, signal, onProgress: request.onProgress });
      return url;
    },
    { signal, onRetry: request.onRetry, sleep: calls.sleep },
  );
  if (signal.aborted) throw new UploadError({ kind: 'cancelled' });
  request.onPhase?.('processing');
  let document: DocumentDto;
  try {
    document = await calls.processDocument({
      objectStorageUrl: uploadURL.split('?')[0]!,
      filename: file.name,
      originalName: file.name,
      mimeType: file.type || 'application/octet-stream',
      size: file.size,
      executiveRole: request.executiveRole as ProcessDocumentInput['executiveRole'],
      industry: request.industry as ProcessDocumentInput['industry'],
      sessionId: request.sessionId,
    });
  } catch (error) {
    if (isUpgradeRefusal(error)) throw error;
    throw new UploadError({ kind: 'process' }, error instanceof ApiError ? error.status : undefined);
  }
  request.onPhase?.('analysing');
  return waitForAnalysis(calls, document);
}

/**
 * Polls the document every second until its analysis is settled or 30 s have passed; past that
 * the analysis goes on in the background (the message's document shows it when done), so the
 * document as it is then is answered rather than a failure. A failed poll is tried again.
 */
export async function waitForAnalysis(calls: Pick<UploadCalls, 'getDocument' | 'sleep' | 'now'>, document: DocumentDto): Promise<DocumentDto> {
  const deadline = calls.now() + uploadLimits.analysisWaitMs;
  let latest = document;
  const never = new AbortController().signal;
  while (!isDocumentSettled(latest) && calls.now() < deadline) {
    await calls.sleep(uploadLimits.analysisPollMs, never);
    latest = await calls.getDocument(document.id).catch(() => latest);
  }
  return latest;
}
