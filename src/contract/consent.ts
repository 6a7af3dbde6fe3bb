import { z } from 'zod';

/** Body of POST /api/cookie-consent: true for 'Accept All', false for 'Essential Only'. */
export const cookieConsentInputSchema = z.object({
  cookiesAccepted: z.boolean({ error: 'cookiesAccepted must be true or false' }),
});
export type CookieConsentInput = z.infer<typeof cookieConsentInputSchema>;

/** A signed-in user's choice; null while they have not chosen. */
export const cookieConsentResponseSchema = z.object({
  cookiesAccepted: z.boolean().nullable(),
  cookieConsentDate: z.string().nullable(),
});
export type CookieConsent = z.infer<typeof cookieConsentResponseSchema>;

/** Body of POST /api/analytics/page-view: a path only (no query string, no fragment), never who viewed it. */
export const pageViewInputSchema = z.object({
  path: z
    .string()
    .max(300)
    .regex(/^\/[^?#\s]*$/, 'path must be a site path without a query string'),
});
export type PageViewInput = z.infer<typeof pageViewInputSchema>;

// Strings only, in their own module so the cookie banner does not pull in zod (decision 007).
export { consentText } from './consent-text.ts';
