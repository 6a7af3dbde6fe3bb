import { z } from 'zod';

/**
 * Every error the API answers with. The code travels to the browser, which can rebuild
 * the error from it; the message is what a user may read.
 */
export const errorCatalog = {
  'bad_request:validation': { status: 400, message: 'Invalid request' },
  'bad_request:json': { status: 400, message: 'The request body is not valid JSON' },
  'unauthorized:auth': { status: 401, message: 'Not signed in' },
  'unauthorized:credentials': { status: 401, message: 'Invalid email or password.' },
  'forbidden:origin': { status: 403, message: 'Cross-origin request refused' },
  'forbidden:auth': { status: 403, message: 'You do not have access to this' },
  'not_found:route': { status: 404, message: 'Not found' },
  'not_found:resource': { status: 404, message: 'Not found' },
  'conflict:email': { status: 409, message: 'An account with this email address already exists.' },
  'bad_request:reset_token': { status: 400, message: 'This reset link is invalid or has expired. Please request a new one.' },
  'payload_too_large:body': { status: 413, message: 'The request body is too large' },
  'rate_limit:auth': { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.' },
  'rate_limit:general': { status: 429, message: 'Too many requests. Please slow down and try again shortly.' },
  'internal:unexpected': { status: 500, message: 'Something went wrong' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalog;

export const errorResponseSchema = z.object({ error: z.string(), code: z.string().optional() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
