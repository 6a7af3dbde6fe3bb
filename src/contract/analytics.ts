import { z } from 'zod';

/** Page-view counts (docs/decisions/021-page-view-counts.md): server and admin dashboard only, off the landing bundle. */

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
