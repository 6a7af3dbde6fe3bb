import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { ownedBy, ownerColumns, type Owner } from '#server/db/ownership.ts';
import { documents, pendingUploads, users } from '#server/db/schema.ts';

/** Upload URLs given out and not yet attached (decision 052): each holds its declared size against the account's storage. */

/** Serialises an account's upload-URL requests, so two at once cannot both fit the last room in its storage. */
export async function lockAccount(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Marks the account's live pending uploads as replaced (they can no longer be attached); answers their keys. */
export async function releasePendingUploads(tx: Executor, owner: Owner): Promise<string[]> {
  const rows = await tx
    .update(pendingUploads)
    .set({ releasedAt: sql`now()` })
    .where(and(ownedBy.pendingUploads(owner), isNull(pendingUploads.releasedAt)))
    .returning({ key: pendingUploads.storageKey });
  return rows.map((row) => row.key);
}

export async function countLivePendingUploads(tx: Executor, owner: Owner): Promise<number> {
  const rows = await tx.select({ n: count() }).from(pendingUploads).where(and(ownedBy.pendingUploads(owner), isNull(pendingUploads.releasedAt)));
  return Number(rows[0]?.n ?? 0);
}

export async function insertPendingUpload(tx: Executor, owner: Owner, values: { storageKey: string; bytes: number }): Promise<void> {
  await tx.insert(pendingUploads).values({ ...values, ...ownerColumns(owner) });
}

/** A pending upload that can still be attached (given out and neither attached, replaced nor collected). */
export async function findLivePendingUpload(db: Executor, storageKey: string): Promise<{ userId: string; bytes: number } | undefined> {
  const rows = await db
    .select({ userId: pendingUploads.userId, bytes: pendingUploads.bytes })
    .from(pendingUploads)
    .where(and(eq(pendingUploads.storageKey, storageKey), isNull(pendingUploads.releasedAt)));
  return rows[0];
}

export async function deletePendingUpload(db: Executor, storageKey: string): Promise<void> {
  await db.delete(pendingUploads).where(eq(pendingUploads.storageKey, storageKey));
}

/** Whether a stored object became a document (then the document owns it, and its deletion removes it). */
export async function isAttached(db: Executor, storageKey: string): Promise<boolean> {
  const rows = await db.select({ id: documents.id }).from(documents).where(eq(documents.storageKey, storageKey)).limit(1);
  return rows.length > 0;
}
