import { z } from 'zod';

// Strings, constants and helpers without zod live in errors-text.ts, so a screen that only shows them does
// not load zod and build every schema (issue 18, decision 042).
export { errorCatalog, upgradeErrorCodes, isUpgradeErrorCode } from './errors-text.ts';
export type { ErrorCode } from './errors-text.ts';

export const errorResponseSchema = z.object({ error: z.string(), code: z.string().optional() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
