import type { FastifyBaseLogger } from 'fastify';
import { countedPagePaths, OTHER_PAGE_PATH, type PageViewReport, type PageViewReportQuery } from '#contract/analytics.ts';
import type { Db } from '#server/db/client.ts';
import type { User } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { incrementPageView, pageViewsBetween } from './analytics.queries.ts';

export interface AnalyticsDeps {
  db: Db;
  log: FastifyBaseLogger;
}

const counted = new Set<string>(countedPagePaths);

/** The row a path is counted in: the page itself, or '(other)' for anything that is not one of the app's pages. */
export function countedPathOf(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return counted.has(trimmed) ? trimmed : OTHER_PAGE_PATH;
}

/**
 * The first-party page-view counter (docs/decisions/006-analytics-after-consent.md and
 * 021-page-view-counts.md): one info log line per view with the path only, and one more in the
 * day's count for that page. No address, user id, cookie or user agent is written anywhere. The
 * browser only sends after 'Accept All'; a signed-in user whose stored choice is not 'accepted'
 * is ignored here too.
 */
export async function recordPageView(deps: AnalyticsDeps, path: string, user: User | null, now = new Date()): Promise<boolean> {
  if (user && user.cookiesAccepted !== true) return false;
  deps.log.info({ pageView: { path } }, 'page view');
  await incrementPageView(deps.db, now.toISOString().slice(0, 10), countedPathOf(path));
  return true;
}

/** Views per day and page for the admin dashboard: admins only. */
export async function pageViewReport(deps: AnalyticsDeps, user: User, query: PageViewReportQuery): Promise<PageViewReport> {
  if (user.appUserType !== 'admin') throw new AppError('forbidden:auth');
  return { from: query.from, to: query.to, counts: await pageViewsBetween(deps.db, query.from, query.to) };
}
