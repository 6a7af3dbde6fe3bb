import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';

export async function findCookieConsent(db: Db, userId: string): Promise<{ cookiesAccepted: boolean | null; cookieConsentDate: Date | null } | undefined> {
  const rows = await db
    .select({ cookiesAccepted: users.cookiesAccepted, cookieConsentDate: users.cookieConsentDate })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

export async function saveCookieConsent(db: Db, userId: string, cookiesAccepted: boolean): Promise<{ cookiesAccepted: boolean | null; cookieConsentDate: Date | null }> {
  const rows = await db
    .update(users)
    .set({ cookiesAccepted, cookieConsentDate: new Date() })
    .where(eq(users.id, userId))
    .returning({ cookiesAccepted: users.cookiesAccepted, cookieConsentDate: users.cookieConsentDate });
  return rows[0]!;
}
