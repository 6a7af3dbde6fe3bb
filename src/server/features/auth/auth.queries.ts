import { and, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sessions, signInThrottles, users, type User } from '#server/db/schema.ts';

export async function insertUser(
  db: Db,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    password: string;
    appUserType: User['appUserType'];
    profileImageUrl?: string | null;
    emailVerificationToken: string;
  },
): Promise<User | undefined> {
  // The unique index on lower(email) decides races: exactly one parallel signup wins.
  const rows = await db
    .insert(users)
    .values({ ...values, lastLogin: new Date(), numLogins: 1, emailVerificationSentAt: new Date(), emailVerificationSentTo: values.email.toLowerCase() })
    .onConflictDoNothing()
    .returning();
  return rows[0];
}

export async function findActiveUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt), isNull(users.disabledAt)))
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
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`), isNull(users.deletedAt), isNull(users.disabledAt)))
    .limit(1);
  return rows[0];
}

/** Notes that the session was used, at most once a minute (the Security dialog's "last seen"). */
export async function touchSession(db: Db, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
}

export async function deleteSessionByHash(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

/**
 * Every link mailed to the account, cleared: what a change of its e-mail or password writes in the
 * same statement (decision 050). A link proves a mailbox at one moment; after such a change it proves nothing.
 */
export const noOutstandingLinks = {
  resetToken: null,
  resetTokenExpires: null,
  resetTokenSentTo: null,
  emailVerificationToken: null,
  emailVerificationSentTo: null,
} as const;

/** The account's address is still the one a link was sent to (letter case aside). */
const stillSentTo = (sentTo: typeof users.resetTokenSentTo | typeof users.emailVerificationSentTo) => sql`lower(${users.email}) = ${sentTo}`;

/**
 * Sets a reset token on the active (not deleted, not disabled) account with this e-mail, if there
 * is one, in one statement: a known, an unknown and a disabled address cost the same query
 * (forgot-password must not tell them apart). The token remembers the address it is mailed to.
 */
export async function setResetTokenByEmail(db: Db, email: string, tokenHash: string, expires: Date): Promise<Pick<User, 'email' | 'firstName'> | undefined> {
  const rows = await db
    .update(users)
    .set({ resetToken: tokenHash, resetTokenExpires: expires, resetTokenSentTo: sql`lower(${users.email})` })
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt), isNull(users.disabledAt)))
    .returning({ email: users.email, firstName: users.firstName });
  return rows[0];
}

/**
 * Sets the new password and burns the token in one statement, so a token works once even when two
 * requests race; every session of the user ends in the same transaction. The token works only while
 * the account's address is the one it was mailed to; following it proves that address (it counts
 * as verified), and every other link mailed before dies with the old password. Answers the proven address.
 */
export async function resetPasswordWithToken(db: Db, tokenHash: string, passwordHash: string): Promise<{ id: string; email: string } | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ password: passwordHash, ...noOutstandingLinks, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(
        and(
          eq(users.resetToken, tokenHash),
          gt(users.resetTokenExpires, sql`now()`),
          stillSentTo(users.resetTokenSentTo),
          isNull(users.deletedAt),
          isNull(users.disabledAt),
        ),
      )
      .returning({ id: users.id, email: users.email });
    const user = rows[0];
    if (user) await tx.delete(sessions).where(eq(sessions.userId, user.id));
    return user;
  });
}

/**
 * An operator's account becomes admin when it proves `provenEmail` (a link mailed to it followed),
 * and only while that is still the account's address: an address merely set grants nothing.
 */
export async function makeAdmin(db: Db, userId: string, provenEmail: string): Promise<void> {
  await db
    .update(users)
    .set({ appUserType: 'admin' })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = lower(${provenEmail})`, isNull(users.deletedAt), isNull(users.disabledAt)));
}

/**
 * Marks the address verified and burns the link's token in one statement, if the token is the
 * newest one sent, not older than `hours`, and the account's address is still the one it was sent to.
 */
export async function verifyEmailWithToken(db: Db, tokenHash: string, hours: number): Promise<{ id: string; email: string } | undefined> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, emailVerificationToken: null, emailVerificationSentTo: null })
    .where(
      and(
        eq(users.emailVerificationToken, tokenHash),
        gt(users.emailVerificationSentAt, sql`now() - make_interval(hours => ${hours})`),
        stillSentTo(users.emailVerificationSentTo),
        isNull(users.deletedAt),
      ),
    )
    .returning({ id: users.id, email: users.email });
  return rows[0];
}

/**
 * A new verification token for an unverified account, unless one was sent less than `seconds`
 * ago: one statement, so parallel resends send one e-mail. Only while `sendTo` is the account's
 * address (a cached copy of the account may be older than an e-mail change).
 */
export async function renewVerificationToken(db: Db, userId: string, sendTo: string, tokenHash: string, seconds: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerificationToken: tokenHash, emailVerificationSentAt: sql`now()`, emailVerificationSentTo: sendTo.toLowerCase() })
    .where(
      and(
        eq(users.id, userId),
        sql`lower(${users.email}) = lower(${sendTo})`,
        isNull(users.emailVerifiedAt),
        sql`(${users.emailVerificationSentAt} is null or ${users.emailVerificationSentAt} < now() - make_interval(secs => ${seconds}))`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Until when sign-in is refused for this address (per-account back-off), if it is. */
export async function signInLockedUntil(db: Db, emailHash: string): Promise<Date | undefined> {
  const rows = await db
    .select({ lockedUntil: signInThrottles.lockedUntil })
    .from(signInThrottles)
    .where(and(eq(signInThrottles.emailHash, emailHash), gt(signInThrottles.lockedUntil, sql`now()`)));
  return rows[0]?.lockedUntil ?? undefined;
}

/**
 * Counts a failed sign-in for this address, in one statement. Failures older than `forgetAfterHours`
 * start the count again. From the `freeFailures`+1-th failure on, the address is locked for
 * `baseSeconds` x 2^(failures - freeFailures - 1), at most `maxSeconds`. Answers the lock's end.
 */
export async function recordSignInFailure(
  db: Db,
  emailHash: string,
  policy: { freeFailures: number; baseSeconds: number; maxSeconds: number; forgetAfterHours: number },
): Promise<Date | null> {
  const failures = sql`(case when ${signInThrottles.lastFailureAt} < now() - make_interval(hours => ${policy.forgetAfterHours}) then 1 else ${signInThrottles.failures} + 1 end)`;
  const lock = (count: SQL) =>
    sql`case when ${count} > ${policy.freeFailures} then now() + make_interval(secs => least(${policy.maxSeconds}::float8, ${policy.baseSeconds}::float8 * power(2::float8, (${count} - ${policy.freeFailures} - 1)::float8))) else null end`;
  const rows = await db
    .insert(signInThrottles)
    .values({ emailHash, failures: 1, lastFailureAt: sql`now()`, lockedUntil: policy.freeFailures < 1 ? sql`now() + make_interval(secs => ${policy.baseSeconds})` : null })
    .onConflictDoUpdate({
      target: signInThrottles.emailHash,
      set: { failures, lastFailureAt: sql`now()`, lockedUntil: lock(failures) },
    })
    .returning({ lockedUntil: signInThrottles.lockedUntil });
  return rows[0]?.lockedUntil ?? null;
}

/** A successful sign-in or a password reset forgets the address's failures. */
export async function clearSignInFailures(db: Db, emailHash: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.emailHash, emailHash));
}
