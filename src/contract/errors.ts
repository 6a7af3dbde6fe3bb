import { z } from 'zod';

// Strings, constants and helpers without zod live in errors-text.ts, so a screen that only shows them does
// not load zod and build every schema (issue 18, decision 042).
export { errorCatalog, upgradeErrorCodes, isUpgradeErrorCode } from './errors-text.ts';
export type { ErrorCode } from './errors-text.ts';

export const errorResponseSchema = z.object({ error: z.string(), code: z.string().optional() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A route schema's error responses, all in the one error shape: `errorResponses(400, 401, 404)`. */
export function errorResponses<const Codes extends readonly number[]>(...codes: Codes): { [Code in Codes[number]]: typeof errorResponseSchema } {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as { [Code in Codes[number]]: typeof errorResponseSchema };
}
