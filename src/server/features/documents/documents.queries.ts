import { and, asc, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { ownedBy, ownerColumns, type Owner } from '#server/db/ownership.ts';
import { analysisCallDays, chatSessions, documentChunks, documents, type Document, type DocumentAnalysisJson, type NewDocument } from '#server/db/schema.ts';

export async function insertDocument(db: Executor, owner: Owner, values: Omit<NewDocument, 'userId'>): Promise<Document> {
  const rows = await db.insert(documents).values({ ...values, ...ownerColumns(owner) }).returning();
  return rows[0]!;
}

export async function documentWithKeyExists(db: Executor, storageKey: string): Promise<boolean> {
  const rows = await db.select({ id: documents.id }).from(documents).where(eq(documents.storageKey, storageKey)).limit(1);
  return rows.length > 0;
}

/** The caller's own document; undefined for anyone else's. */
export async function findOwnedDocument(db: Executor, id: string, owner: Owner): Promise<Document | undefined> {
  const rows = await db.select().from(documents).where(and(eq(documents.id, id), ownedBy.documents(owner)));
  return rows[0];
}

/** For the background job, which acts for the document's owner: the row and the user's own role in its conversation. */
export async function findDocumentForJob(db: Executor, id: string): Promise<(Document & { userRole: string }) | undefined> {
  const rows = await db
    .select({ document: documents, userRole: chatSessions.userRole })
    .from(documents)
    .innerJoin(chatSessions, eq(chatSessions.id, documents.sessionId))
    .where(eq(documents.id, id));
  return rows[0] ? { ...rows[0].document, userRole: rows[0].userRole } : undefined;
}

class BudgetSpent extends Error {
  constructor(readonly which: 'document' | 'account') {
    super(which);
  }
}

/**
 * Takes one model call from a document's analysis budget and its owner's for today, in one
 * transaction: both counts go up, or neither does. Answers which budget was spent, if one was.
 */
export async function takeAnalysisCall(db: Executor, documentId: string, owner: Owner, limits: { perDocument: number; perDay: number }): Promise<'ok' | 'document' | 'account'> {
  try {
    await db.transaction(async (tx) => {
      const counted = await tx
        .update(documents)
        .set({ modelCalls: sql`${documents.modelCalls} + 1` })
        .where(and(eq(documents.id, documentId), ownedBy.documents(owner), lt(documents.modelCalls, limits.perDocument)))
        .returning({ id: documents.id });
      if (counted.length === 0) throw new BudgetSpent('document');
      const today = sql`(now() at time zone 'utc')::date`;
      const day = await tx
        .insert(analysisCallDays)
        .values({ ...ownerColumns(owner), day: today, calls: 1 })
        .onConflictDoUpdate({
          target: [analysisCallDays.userId, analysisCallDays.day],
          set: { calls: sql`${analysisCallDays.calls} + 1` },
          setWhere: and(ownedBy.analysisCallDays(owner), lt(analysisCallDays.calls, limits.perDay)),
        })
        .returning({ calls: analysisCallDays.calls });
      if (day.length === 0) throw new BudgetSpent('account');
    });
    return 'ok';
  } catch (error) {
    if (error instanceof BudgetSpent) return error.which;
    throw error;
  }
}

/** Keeps the notes on one part of a long document, for a retried analysis to reuse. */
export async function saveSummary(db: Executor, documentId: string, key: string, text: string): Promise<void> {
  await db
    .update(documents)
    .set({ partSummaries: sql`${documents.partSummaries} || ${JSON.stringify({ [key]: text })}::jsonb` })
    .where(eq(documents.id, documentId));
}

/** Past days' call counts are of no more use. */
export async function pruneAnalysisCallDays(db: Executor): Promise<void> {
  await db.delete(analysisCallDays).where(sql`${analysisCallDays.day} < (now() at time zone 'utc')::date - 1`);
}

export async function listSessionDocuments(db: Executor, sessionId: string, owner: Owner): Promise<Document[]> {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.sessionId, sessionId), ownedBy.documents(owner)))
    .orderBy(asc(documents.createdAt), asc(documents.id));
}

export async function deleteOwnedDocument(db: Executor, id: string, owner: Owner): Promise<boolean> {
  const rows = await db.delete(documents).where(and(eq(documents.id, id), ownedBy.documents(owner))).returning({ id: documents.id });
  return rows.length > 0;
}

export interface ExtractionRecord {
  content: string;
  textChars: number;
  pageCount: number | null;
  sheetCount: number | null;
  extractionStatus: 'complete' | 'partial' | 'unreadable';
  extractionNotes: string[];
  chunks: { label: string; content: string }[];
}

/** Saves the extracted text and its passages (replacing any from an earlier attempt), in one transaction. */
export async function saveExtraction(db: Executor, id: string, record: ExtractionRecord): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(documents)
      .set({
        content: record.content,
        textChars: record.textChars,
        pageCount: record.pageCount,
        sheetCount: record.sheetCount,
        extractionStatus: record.extractionStatus,
        extractionNotes: record.extractionNotes,
        updatedAt: sql`now()`,
      })
      .where(eq(documents.id, id));
    await tx.delete(documentChunks).where(eq(documentChunks.documentId, id));
    for (let start = 0; start < record.chunks.length; start += 500) {
      const batch = record.chunks.slice(start, start + 500).map((chunk, i) => ({ documentId: id, ordinal: start + i, label: chunk.label, content: chunk.content }));
      await tx.insert(documentChunks).values(batch);
    }
  });
}

export async function saveAnalysis(db: Executor, id: string, analysis: DocumentAnalysisJson): Promise<void> {
  await db.update(documents).set({ analysis, status: 'ready', error: null, updatedAt: sql`now()` }).where(eq(documents.id, id));
}

export async function markFailed(db: Executor, id: string, error: string): Promise<void> {
  await db.update(documents).set({ status: 'failed', error, updatedAt: sql`now()` }).where(and(eq(documents.id, id), eq(documents.status, 'processing')));
}

/**
 * The documents a reply may read: the owner's, in the reply's own conversation, among the ids asked
 * for, whose text has been extracted (the analysis may still be running: a message sent after the
 * client's 30 s wait still gets the document).
 */
export async function documentsForReply(db: Executor, owner: Owner, sessionId: string, ids: string[]): Promise<Document[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(and(ownedBy.documents(owner), eq(documents.sessionId, sessionId), inArray(documents.id, ids), isNotNull(documents.content)));
}

/** The passages of a document that best match a question (PostgreSQL full-text search), best first. */
export async function searchChunks(db: Executor, owner: Owner, documentId: string, question: string, limit: number): Promise<{ ordinal: number; label: string; content: string }[]> {
  const query = sql`websearch_to_tsquery('english', ${question})`;
  const matches = await db
    .select({ ordinal: documentChunks.ordinal, label: documentChunks.label, content: documentChunks.content })
    .from(documentChunks)
    .where(and(eq(documentChunks.documentId, documentId), ownedBy.documentChunks(owner), sql`${documentChunks.searchVector} @@ ${query}`))
    .orderBy(desc(sql`ts_rank(${documentChunks.searchVector}, ${query})`), asc(documentChunks.ordinal))
    .limit(limit);
  if (matches.length > 0) return matches;
  // Nothing matched the words of the question ("summarise this"): the start of the document.
  return db
    .select({ ordinal: documentChunks.ordinal, label: documentChunks.label, content: documentChunks.content })
    .from(documentChunks)
    .where(and(eq(documentChunks.documentId, documentId), ownedBy.documentChunks(owner)))
    .orderBy(asc(documentChunks.ordinal))
    .limit(limit);
}
