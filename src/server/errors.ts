import { errorCatalog, type ErrorCode } from '#contract/errors.ts';

/** Seconds a refused client should wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

/** Refusals that pass with time on their own, besides every 503: the answer says when to come back. */
const retryableCodes: ReadonlySet<ErrorCode> = new Set(['rate_limit:streams']);

/** A failure a user can be told about. Services throw it; one handler turns it into `{ error, code }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(code: ErrorCode, message?: string, options?: ErrorOptions) {
    super(message ?? errorCatalog[code].message, options);
    this.code = code;
    this.status = errorCatalog[code].status;
  }
  /** Fastify and its plugins read statusCode. */
  get statusCode(): number {
    return this.status;
  }
  /** The Retry-After its answer carries: every 503 has one (RFC 9110 section 15.6.4), and so do the retryable refusals. */
  get retryAfterSeconds(): number | undefined {
    return this.status === 503 || retryableCodes.has(this.code) ? RETRY_AFTER_SECONDS : undefined;
  }
}
