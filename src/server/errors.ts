import { errorCatalog, type ErrorCode } from '#contract/errors.ts';

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
}
