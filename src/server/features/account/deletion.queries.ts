import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { chatSessions, companyFacts, companyProfiles, contactMessages, decisions, documentPins, documents, payments, sessions, signInThrottles, users } from '#server/db/schema.ts';

/**
 * Removes everything an account owns and turns its row into a tombstone, in the caller's
 * transaction: conversations (their messages, notes, summaries, search rows and documents go with them by
 * ON DELETE CASCADE; every document row's deletion queues its file's removal, migration 0009),
 * documents outside conversations, the decision log, the company memory (profile and facts), sessions, contact messages and the sign-in throttle of its
 * address. The row keeps only its id, its dates and the deletion's who and why, and the payment
 * rows (Stripe ids, amounts, periods: the billing records the law requires, decision 024) stay with
 * it; the address is freed for a new signup.
 * Answers the removed picture path, or undefined when the account is not live.
 */
export async function deleteAccountData(
  tx: Executor,
  userId: string,
  deletion: { deletedBy: string; deletionReason: string | null; throttleKey: string },
): Promise<{ profileImageUrl: string | null } | undefined> {
  const [user] = await tx
    .select({ id: users.id, profileImageUrl: users.profileImageUrl })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!user) return undefined;
  // Pinned documents (decision 082): the account row stays (a soft delete), so its pins are deleted here.
  await tx.delete(documentPins).where(eq(documentPins.userId, userId));
  await tx.delete(chatSessions).where(eq(chatSessions.userId, userId));
  await tx.delete(documents).where(eq(documents.userId, userId));
  await tx.delete(decisions).where(eq(decisions.userId, userId));
  await tx.delete(companyFacts).where(eq(companyFacts.userId, userId));
  await tx.delete(companyProfiles).where(eq(companyProfiles.userId, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(contactMessages).where(eq(contactMessages.userId, userId));
  await tx.delete(signInThrottles).where(eq(signInThrottles.emailHash, deletion.throttleKey));
  await tx
    .update(users)
    .set({
      email: sql`'deleted-' || ${users.id}::text || '@deleted.invalid'`,
      firstName: 'Deleted',
      lastName: 'Account',
      // Not an argon2 hash: no password ever verifies against it.
      password: '!deleted',
      appUserType: 'standard',
      profileImageUrl: null,
      resetToken: null,
      resetTokenExpires: null,
      resetTokenSentTo: null,
      emailVerificationToken: null,
      emailVerificationSentAt: null,
      emailVerificationSentTo: null,
      emailVerifiedAt: null,
      defaultExecutiveRole: null,
      defaultIndustry: null,
      defaultUserRole: null,
      cookiesAccepted: null,
      cookieConsentDate: null,
      lastInteractionDate: null,
      dailyInteractionsUsed: 0,
      dailyAttachmentsUsed: 0,
      lastLogin: null,
      deletedAt: sql`now()`,
      deletedBy: deletion.deletedBy,
      deletionReason: deletion.deletionReason,
    })
    .where(eq(users.id, userId));
  return { profileImageUrl: user.profileImageUrl };
}

/** Whether an account (live or not) shows this picture. */
export async function pictureInUse(db: Executor, path: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.profileImageUrl, path)).limit(1);
  return rows.length > 0;
}

/**
 * Data retention for the Free Tier (decision 025): deletes the conversations of free accounts not
 * updated for `days` days, with everything in them (cascade; files queued by the documents trigger).
 * Free: a standard account with no paid period still running (billing makes an account standard once
 * its subscription ended; the period check keeps a just-lapsed payer's data until the mirror agrees).
 * Premium accounts (subscriber, vip, admin) keep everything. At most `batch` per call.
 */
export async function deleteExpiredFreeConversations(db: Executor, days: number, batch: number): Promise<number> {
  const expired = db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .innerJoin(users, eq(users.id, chatSessions.userId))
    .where(
      and(
        lt(chatSessions.updatedAt, sql`now() - make_interval(days => ${days})`),
        eq(users.appUserType, 'standard'),
        sql`not exists (select 1 from ${payments} where ${payments.userId} = ${users.id} and (${or(
          inArray(payments.subscriptionStatus, ['active', 'trialing', 'past_due']),
          sql`${payments.currentPeriodEnd} > now()`,
        )}))`,
      ),
    )
    .limit(batch);
  const rows = await db.delete(chatSessions).where(inArray(chatSessions.id, expired)).returning({ id: chatSessions.id });
  return rows.length;
}
