import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sessions, users, type User } from '#server/db/schema.ts';

export async function insertUser(
  db: Db,
  values: { email: string; firstName: string; lastName: string; password: string; appUserType: User['appUserType']; profileImageUrl?: string | null },
): Promise<User | undefined> {
  // The unique index on lower(email) decides races: exactly one parallel signup wins.
  const rows = await db
    .insert(users)
    .values({ ...values, lastLogin: new Date(), numLogins: 1 })
    .onConflictDoNothing()
    .returning();
  return rows[0];
}

export async function findActiveUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function recordLogin(db: Db, userId: string, appUserType: User['appUserType']): Promise<User> {
  const rows = await db
    .update(users)
    .set({ lastLogin: new Date(), numLogins: sql`${users.numLogins} + 1`, appUserType })
    .where(eq(users.id, userId))
    .returning();
  return rows[0]!;
}

export async function insertSession(
  db: Db,
  values: { userId: string; tokenHash: string; persistent: boolean; expiresAt: Date; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The user behind a session token hash, if the session is alive and the account not deleted. */
export async function findUserBySessionHash(db: Db, tokenHash: string): Promise<{ user: User; expiresAt: Date } | undefined> {
  const rows = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`), isNull(users.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function deleteSessionByHash(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

/**
 * Sets a reset token on the active account with this e-mail, if there is one, in one statement:
 * a known and an unknown address cost the same query (forgot-password must not tell them apart).
 */
export async function setResetTokenByEmail(db: Db, email: string, tokenHash: string, expires: Date): Promise<Pick<User, 'email' | 'firstName'> | undefined> {
  const rows = await db
    .update(users)
    .set({ resetToken: tokenHash, resetTokenExpires: expires })
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .returning({ email: users.email, firstName: users.firstName });
  return rows[0];
}

/**
 * Sets the new password and burns the token in one statement, so a token works once even
 * when two requests race; every session of the user ends in the same transaction.
 */
export async function resetPasswordWithToken(db: Db, tokenHash: string, passwordHash: string): Promise<{ id: string; email: string } | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ password: passwordHash, resetToken: null, resetTokenExpires: null })
      .where(and(eq(users.resetToken, tokenHash), gt(users.resetTokenExpires, sql`now()`), isNull(users.deletedAt)))
      .returning({ id: users.id, email: users.email });
    const user = rows[0];
    if (user) await tx.delete(sessions).where(eq(sessions.userId, user.id));
    return user;
  });
}

/** An operator's account becomes admin once its mailbox is proven (a reset link followed). */
export async function makeAdmin(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ appUserType: 'admin' }).where(eq(users.id, userId));
}
