import { uploadLimits, uploadText } from '#contract/documents-text.ts';

/** What the browser says about its connection (Network Information API; absent in some browsers). */
export interface ConnectionHint {
  effectiveType?: string;
}

/**
 * Spec section 9: 60 s, 90 s on mobile, and at least 120 s on 2g and 90 s on 3g (slow connections
 * get the longer of their minimum and the device's base).
 */
export function uploadTimeoutMs(isMobile: boolean, connection?: ConnectionHint): number {
  const base = isMobile ? uploadLimits.mobileTimeoutMs : uploadLimits.timeoutMs;
  const slow = connection?.effectiveType ? uploadLimits.slowConnectionTimeoutMs[connection.effectiveType] : undefined;
  return Math.max(base, slow ?? 0);
}

/** Backoff before attempt `attempt` (2, 3, ...): 1 s doubling, capped at 8 s. */
export function backoffMs(attempt: number): number {
  return Math.min(uploadLimits.maxBackoffMs, uploadLimits.firstBackoffMs * 2 ** Math.max(0, attempt - 2));
}

export type UploadFailure =
  | { kind: 'upload-url' }
  /** The server refused the upload URL for a reason the user can act on (storage full, too many uploads waiting): its words. */
  | { kind: 'refused'; message: string }
  | { kind: 'storage'; status: number }
  | { kind: 'network' }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'cancelled' }
  | { kind: 'process' }
  | { kind: 'no-session' };

export class UploadError extends Error {
  constructor(
    readonly failure: UploadFailure,
    /** An HTTP status when one caused it (4xx are not retried). */
    readonly status?: number,
  ) {
    super(describeUploadFailure(failure));
    this.name = 'UploadError';
  }
}

/** The 'Upload Failed' notice's message (spec section 8). */
export function describeUploadFailure(failure: UploadFailure): string {
  switch (failure.kind) {
    case 'upload-url':
      return uploadText.uploadUrlFailed;
    case 'refused':
      return failure.message;
    case 'storage':
      return uploadText.storageFailed(failure.status);
    case 'network':
      return uploadText.networkError;
    case 'timeout':
      return uploadText.timedOut(Math.round(failure.timeoutMs / 1000));
    case 'cancelled':
      return uploadText.cancelled;
    case 'process':
      return uploadText.processFailed;
    case 'no-session':
      return uploadText.noSession;
  }
}

/** 4xx answers and cancellations are final; network errors, timeouts and 5xx are tried again. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof UploadError)) return true;
  if (error.failure.kind === 'cancelled' || error.failure.kind === 'no-session') return false;
  return !(error.status !== undefined && error.status >= 400 && error.status < 500);
}

/**
 * Runs `attempt` up to uploadLimits.attempts times with the spec's backoff, stopping at once on a
 * final error or when `signal` aborts. `onRetry` is told before each new attempt.
 */
export async function withUploadRetries<T>(
  attempt: (number: number) => Promise<T>,
  options: { signal: AbortSignal; onRetry?: (number: number, of: number) => void; sleep?: (ms: number, signal: AbortSignal) => Promise<void> },
): Promise<T> {
  const sleep = options.sleep ?? abortableSleep;
  for (let number = 1; ; number++) {
    if (options.signal.aborted) throw new UploadError({ kind: 'cancelled' });
    try {
      return await attempt(number);
    } catch (error) {
      if (options.signal.aborted) throw new UploadError({ kind: 'cancelled' });
      if (number >= uploadLimits.attempts || !isRetryable(error)) throw error;
      options.onRetry?.(number + 1, uploadLimits.attempts);
      await sleep(backoffMs(number + 1), options.signal);
    }
  }
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}
