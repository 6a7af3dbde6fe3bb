import type { FastifyBaseLogger } from 'fastify';
import type { User } from '#server/db/schema.ts';

export interface AnalyticsDeps {
  log: FastifyBaseLogger;
}

/**
 * The first-party page-view counter (docs/decisions/006-analytics-after-consent.md): one info log
 * line per view with the path only. No address, user id, cookie or user agent is written, so the
 * line can be aggregated by any log tool without holding personal data. The browser only sends
 * after 'Accept All'; a signed-in user whose stored choice is not 'accepted' is ignored here too.
 */
export function recordPageView(deps: AnalyticsDeps, path: string, user: User | null): boolean {
  if (user && user.cookiesAccepted !== true) return false;
  deps.log.info({ pageView: { path } }, 'page view');
  return true;
}
