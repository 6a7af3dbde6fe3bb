import type { CookieConsent } from '#contract/consent.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import * as queries from './cookie-consent.queries.ts';

export interface CookieConsentDeps {
  db: Db;
  /** The per-instance cache of signed-in users, told when a user row changes. */
  sessionCache?: { invalidateUser(userId: string): void };
}

function toResponse(row: { cookiesAccepted: boolean | null; cookieConsentDate: Date | null }): CookieConsent {
  return { cookiesAccepted: row.cookiesAccepted, cookieConsentDate: row.cookieConsentDate?.toISOString() ?? null };
}

/** A signed-in user's cookie choice (null until they make one). */
export async function getCookieConsent(deps: CookieConsentDeps, userId: string): Promise<CookieConsent> {
  const row = await queries.findCookieConsent(deps.db, userId);
  if (!row) throw new AppError('not_found:user');
  return toResponse(row);
}

/** Records the choice and when it was made (the date is evidence of consent, so it moves with every change). */
export async function setCookieConsent(deps: CookieConsentDeps, userId: string, cookiesAccepted: boolean): Promise<CookieConsent> {
  const saved = await queries.saveCookieConsent(deps.db, userId, cookiesAccepted);
  deps.sessionCache?.invalidateUser(userId);
  return toResponse(saved);
}
