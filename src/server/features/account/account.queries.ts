import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { ownedBy, type Owner } from '#server/db/ownership.ts';
import { documents, pendingUploads, users } from '#server/db/schema.ts';

/**
 * Bytes of document storage the account uses (decision 052): its documents, and every upload URL not
 * yet attached at its declared size, from the moment it was given out until it is collected.
 */
export async function storageUsed(db: Executor, owner: Owner): Promise<number> {
  const result = await db.execute<{ used: string | number }>(sql`
    select (select coalesce(sum(${documents.size}), 0) from ${documents} where ${ownedBy.documents(owner)})
         + (select coalesce(sum(${pendingUploads.bytes}), 0) from ${pendingUploads} where ${ownedBy.pendingUploads(owner)}) as used`);
  return Number(result.rows[0]?.used ?? 0);
}

/** The server's idea of "today": the UTC date, decided by the database clock so every instance agrees. */
const utcToday = sql`(now() at time zone 'utc')::date`;

/** The stored counters belong to an earlier UTC day (or to none): counting starts again. */
const newInteractionDay = sql`coalesce(${users.lastInteractionDate} < ${utcToday}, true)`;

/**
 * Counting one free interaction, as SQL, for statements that count it together with other work
 * (chat's one-statement send) as well as for consumeInteraction below: the one definition.
 */
export const interactionCounting = {
  /** The users columns after counting one more interaction. */
  set: {
    dailyInteractionsUsed: sql`case when ${newInteractionDay} then 1 else ${users.dailyInteractionsUsed} + 1 end`,
    dailyAttachmentsUsed: sql`case when ${newInteractionDay} then 0 else ${users.dailyAttachmentsUsed} end`,
    lastInteractionDate: sql`${utcToday}`,
  },
  /** The user may count one more interaction today. */
  allowed: (limit: number) => sql`(${newInteractionDay} or ${users.dailyInteractionsUsed} < ${limit})`,
};

/**
 * Counts one free interaction in one statement: the counters start again on a new UTC day, and the
 * row is updated only while under the limit, so parallel sends cannot overshoot. Returns the UTC day
 * it was counted on, or null when the limit is reached.
 */
export async function consumeInteraction(db: Executor, userId: string, limit: number): Promise<string | null> {
  const rows = await db
    .update(users)
    .set(interactionCounting.set)
    .where(and(eq(users.id, userId), interactionCounting.allowed(limit)))
    .returning({ day: users.lastInteractionDate });
  return rows[0]?.day ?? null;
}

/** Gives back an interaction counted on `day`, only while that day is still today, never below zero. */
export async function refundInteraction(db: Executor, userId: string, day: string): Promise<void> {
  await db
    .update(users)
    .set({ dailyInteractionsUsed: sql`greatest(${users.dailyInteractionsUsed} - 1, 0)` })
    .where(and(eq(users.id, userId), eq(users.lastInteractionDate, day), sql`${users.lastInteractionDate} = ${utcToday}`));
}

/** Today's counters (zero when the stored ones belong to an earlier day). */
export async function dailyUsage(db: Executor, userId: string): Promise<{ interactions: number; attachments: number } | undefined> {
  const isToday = sql`${users.lastInteractionDate} = ${utcToday}`;
  const rows = await db
    .select({
      interactions: sql<number>`case when ${isToday} then ${users.dailyInteractionsUsed} else 0 end`.mapWith(Number),
      attachments: sql<number>`case when ${isToday} then ${users.dailyAttachmentsUsed} else 0 end`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0];
}

export async function updateUserDefaults(
  db: Executor,
  userId: string,
  values: { defaultUserRole?: string | null; defaultExecutiveRole?: string | null; defaultIndustry?: string | null },
) {
  const rows = await db
    .update(users)
    .set(values)
    .where(eq(users.id, userId))
    .returning({ defaultUserRole: users.defaultUserRole, defaultExecutiveRole: users.defaultExecutiveRole, defaultIndustry: users.defaultIndustry });
  return rows[0];
}

/**
 * Counting one free attachment (with its analysis) in one statement: the counters start again on a
 * new UTC day, and the row is updated only while under the limit, so parallel uploads cannot
 * overshoot. Returns the UTC day it was counted on, or null when the limit is reached.
 */
export async function consumeAttachment(db: Executor, userId: string, limit: number): Promise<string | null> {
  const rows = await db
    .update(users)
    .set({
      dailyAttachmentsUsed: sql`case when ${newInteractionDay} then 1 else ${users.dailyAttachmentsUsed} + 1 end`,
      dailyInteractionsUsed: sql`case when ${newInteractionDay} then 0 else ${users.dailyInteractionsUsed} end`,
      lastInteractionDate: sql`${utcToday}`,
    })
    .where(and(eq(users.id, userId), sql`(${newInteractionDay} or ${users.dailyAttachmentsUsed} < ${limit})`))
    .returning({ day: users.lastInteractionDate });
  return rows[0]?.day ?? null;
}
