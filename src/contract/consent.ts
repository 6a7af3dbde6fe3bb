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

/**
 * The pages whose views are counted one by one (the app's routes); any other path is counted as
 * OTHER_PAGE_PATH, so the table stays small whatever a client posts (docs/decisions/021-page-view-counts.md).
 */
export const countedPagePaths = ['/', '/plans', '/contact', '/privacy-policy', '/terms-and-conditions', '/signin', '/signup', '/reset-password', '/chat', '/history', '/checkout'] as const;
export const OTHER_PAGE_PATH = '(other)';
/** The longest range one page-view report covers. */
export const PAGE_VIEW_REPORT_MAX_DAYS = 366;

const isoDay = z.iso.date({ error: 'must be a date as YYYY-MM-DD' });

/** Query of GET /api/admin/analytics/page-views: UTC days, both included. */
export const pageViewReportQuerySchema = z
  .object({ from: isoDay, to: isoDay })
  .refine((q) => q.from <= q.to, { error: 'from must not be after to', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < PAGE_VIEW_REPORT_MAX_DAYS, {
    error: `a report covers at most ${PAGE_VIEW_REPORT_MAX_DAYS} days`,
    path: ['to'],
  });
export type PageViewReportQuery = z.infer<typeof pageViewReportQuerySchema>;

/** Views per UTC day and path, days ascending then paths; days without views are absent. */
export const pageViewReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  counts: z.array(z.object({ day: z.string(), path: z.string(), views: z.number().int().nonnegative() })),
});
export type PageViewReport = z.infer<typeof pageViewReportSchema>;

/** What the cookie banner says when a choice could not be stored. */
export const consentText = {
  saveFailed: { title: 'Cookie choice not saved', description: 'Please try again in a moment.' },
} as const;
