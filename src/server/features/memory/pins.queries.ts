import { and, asc, count, desc, eq, isNotNull, notExists, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { ownedBy, ownerColumns, type Owner } from '#server/db/ownership.ts';
import { chatSessions, documentPins, documents } from '#server/db/schema.ts';

/** Pinned documents (decision 082): every statement names the owner (ownedBy), on the pin and on the document. */

export interface PinRow {
  documentId: string;
  name: string;
  sessionId: string;
  sessionTitle: string | null;
  pinnedAt: Date;
}

const pinColumns = {
  documentId: documentPins.documentId,
  name: documents.originalName,
  sessionId: documents.sessionId,
  sessionTitle: chatSessions.title,
  pinnedAt: documentPins.createdAt,
};

/** The caller's pinned documents, oldest pin first. */
export async function listPins(db: Executor, owner: Owner, documentId?: string): Promise<PinRow[]> {
  return db
    .select(pinColumns)
    .from(documentPins)
    .innerJoin(documents, and(eq(documents.id, documentPins.documentId), ownedBy.documents(owner)))
    .leftJoin(chatSessions, eq(chatSessions.id, documents.sessionId))
    .where(and(ownedBy.documentPins(owner), documentId ? eq(documentPins.documentId, documentId) : undefined))
    .orderBy(asc(documentPins.createdAt), asc(documentPins.documentId));
}

/** The caller's analysed documents not pinned yet, newest first: what the page offers to pin. */
export async function listPinnable(db: Executor, owner: Owner, limit: number) {
  return db
    .select({ documentId: documents.id, name: documents.originalName, sessionTitle: chatSessions.title, createdAt: documents.createdAt })
    .from(documents)
    .leftJoin(chatSessions, eq(chatSessions.id, documents.sessionId))
    .where(
      and(
        ownedBy.documents(owner),
        eq(documents.status, 'ready'),
        isNotNull(documents.content),
        notExists(db.select({ one: sql`1` }).from(documentPins).where(and(ownedBy.documentPins(owner), eq(documentPins.documentId, documents.id)))),
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit);
}

/** One of the caller's documents, and whether it can be read (analysed, text stored). */
export async function findOwnedDocument(db: Executor, owner: Owner, documentId: string): Promise<{ status: string; readable: boolean } | undefined> {
  const [row] = await db
    .select({ status: documents.status, readable: sql<boolean>`${documents.content} is not null` })
    .from(documents)
    .where(and(eq(documents.id, documentId), ownedBy.documents(owner)));
  return row;
}

export async function countPins(db: Executor, owner: Owner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(documentPins).where(ownedBy.documentPins(owner));
  return row?.n ?? 0;
}

export async function insertPin(db: Executor, owner: Owner, documentId: string): Promise<void> {
  await db.insert(documentPins).values({ documentId, ...ownerColumns(owner) }).onConflictDoNothing();
}

export async function deletePin(db: Executor, owner: Owner, documentId: string): Promise<boolean> {
  const rows = await db
    .delete(documentPins)
    .where(and(ownedBy.documentPins(owner), eq(documentPins.documentId, documentId)))
    .returning({ id: documentPins.documentId });
  return rows.length > 0;
}
