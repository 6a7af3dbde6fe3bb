import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sessions, users, type User } from '#server/db/schema.ts';
import { noOutstandingLinks } from '#server/features/auth/index.ts';

/** The live (not deleted, not disabled) account with this id. */
export async function findLiveUser(db: Db, userId: string): Promise<User | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(users.disabledAt)))
    .limit(1);
  return rows[0];
}

/** Another account (of any state) already has this address, whatever the letter case. */
export async function emailTaken(db: Db, email: string, exceptUserId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptUserId)))
    .limit(1);
  return rows.length > 0;
}

/** Another account already shows this picture. */
/** Whether an account (other than `exceptUserId`, when given) has this picture. */
export async function pictureTaken(db: Db, path: string, exceptUserId: string | null): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.profileImageUrl, path), ne(users.id, exceptUserId)) : eq(users.profileImageUrl, path))
    .limit(1);
  return rows.length > 0;
}

/**
 * Writes the profile fields. A new address is not yet proven: it loses its verification (decision 017)
 * and gets a new token, mailed to it; every link mailed before (reset, verification) dies in the same
 * statement (decision 050). Undefined when the address is taken meanwhile (the unique index decides races).
 */
export async function updateProfile(
  db: Db,
  userId: string,
  values: { firstName?: string; lastName?: string; email?: string; profileImageUrl?: string | null; emailVerificationToken?: string },
): Promise<User | undefined> {
  const { emailVerificationToken, ...fields } = values;
  const changes = {
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    ...(emailVerificationToken
      ? { ...noOutstandingLinks, emailVerifiedAt: null, emailVerificationToken, emailVerificationSentAt: sql`now()`, emailVerificationSentTo: fields.email!.toLowerCase() }
      : {}),
  };
  const mine = and(eq(users.id, userId), isNull(users.deletedAt));
  // Nothing to write (the picture already absent, the same address): the profile as it is.
  if (Object.keys(changes).length === 0) return (await db.select().from(users).where(mine).limit(1))[0];
  try {
    const rows = await db.update(users).set(changes).where(mine).returning();
    return rows[0];
  } catch (error) {
    if ((error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') return undefined;
    throw error;
  }
}

/**
 * The new password, and every other session of the account ends, in one transaction; every link
 * mailed before (reset, verification) dies with the old password (decision 050).
 */
export async function changePassword(db: Db, userId: string, passwordHash: string, keepTokenHash: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password: passwordHash, ...noOutstandingLinks }).where(eq(users.id, userId));
    await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : sql`true`));
  });
}

export async function listSessions(db: Db, userId: string) {
  return db
    .select({ id: sessions.id, tokenHash: sessions.tokenHash, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Ends one session of the account; answers its token hash (to drop it from the cache), undefined when it is not theirs. */
export async function deleteSession(db: Db, userId: string, sessionId: string): Promise<string | undefined> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ tokenHash: sessions.tokenHash });
  return rows[0]?.tokenHash;
}

/** Whether an account (of any state) has this id: uploads named after it are that account's. */
export async function accountExists(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return rows.length > 0;
}
