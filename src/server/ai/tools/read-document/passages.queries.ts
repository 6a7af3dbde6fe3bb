import { and, asc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { ownedBy, type Owner } from '#server/db/ownership.ts';
import { documentChunks, documents } from '#server/db/schema.ts';
import { vectorText } from './passage-embeddings.queries.ts';
import { reciprocalRankFusion } from './fusion.ts';

/** Whose documents a read may see: the caller's, in the reply's own conversation (decision 076), and the ones pinned to the company (decision 082). */
export interface ReaderScope {
  owner: Owner;
  sessionId: string;
  /** The caller's documents pinned to the company (Premium, memory on): readable in any conversation. */
  pinnedDocumentIds?: readonly string[];
}

/**
 * WHICH documents a read searches (decisions 076 and 082), kept apart from how passages are ranked:
 * the caller's own (always), attached to this conversation or pinned to the company.
 */
export function readableDocuments(scope: ReaderScope): SQL {
  const pinned = scope.pinnedDocumentIds ?? [];
  const attachedOrPinned = pinned.length > 0 ? or(eq(documents.sessionId, scope.sessionId), inArray(documents.id, [...pinned]))! : eq(documents.sessionId, scope.sessionId);
  return and(ownedBy.documents(scope.owner), attachedOrPinned, isNotNull(documents.content))!;
}

/** A document read because it is pinned, not because this conversation holds it (its passages say so). */
const pinnedHere = (scope: ReaderScope) => (scope.pinnedDocumentIds?.length ? sql<boolean>`${ne(documents.sessionId, scope.sessionId)}` : sql<boolean>`false`);

const inScope = (scope: ReaderScope, documentId?: string): SQL => and(readableDocuments(scope), documentId ? eq(documents.id, documentId) : undefined)!;

/** The conversation's readable documents, pinned ones included (id and name; with `withContent`, their text too), oldest first. */
export async function conversationDocuments(
  db: Executor,
  scope: ReaderScope,
  options: { documentId?: string; withContent?: boolean } = {},
): Promise<{ id: string; name: string; content: string | null; pinned: boolean }[]> {
  return db
    .select({ id: documents.id, name: documents.originalName, content: options.withContent ? documents.content : sql<null>`null`, pinned: pinnedHere(scope) })
    .from(documents)
    .where(inScope(scope, options.documentId))
    .orderBy(asc(documents.createdAt), asc(documents.id));
}

export interface PassageMatch {
  documentId: string;
  name: string;
  ordinal: number;
  label: string;
  content: string;
  /** From a document pinned to the company, not attached to this conversation. */
  pinned: boolean;
}

/** Label filters: a sheet's passages (`Sheet "Costs"`, `Sheet "Costs" (rows 2–41)`), a page's or a slide's. */
function labelFilter(where: { sheet?: string; page?: number }): SQL | undefined {
  const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const filters: SQL[] = [];
  if (where.sheet !== undefined) {
    const label = where.sheet === 'Table' ? 'Table' : `Sheet "${where.sheet}"`;
    filters.push(sql`(lower(${documentChunks.label}) = lower(${label}) or lower(${documentChunks.label}) like lower(${`${likeEscape(label)} (%`}))`);
  }
  if (where.page !== undefined) {
    filters.push(sql`(${documentChunks.label} in (${`Page ${where.page}`}, ${`Slide ${where.page}`}) or ${documentChunks.label} like ${`Page ${where.page} (%`})`);
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

/**
 * The passages of the conversation's documents that best match the words (PostgreSQL full-text
 * search: websearch_to_tsquery, ranked by ts_rank), best first. Ownership is in the query: a passage
 * of another user's document, or of another conversation, is never a candidate.
 *
 * Narrowed to a sheet or a page, every passage there is a candidate (the best matches first, then in
 * order); otherwise only passages that match, so a question about a long PDF reads the pages that
 * speak to it, not the first ones.
 *
 * Two statements: the conversation's documents (the caller's, by the session index), then their
 * passages by document id, matched and ranked among themselves: a conversation holds a few thousand
 * passages, while a common word matches a large share of every user's passages through the full-text
 * index (that way: 260 ms p50 over 200,000 passages, bench/read-document.ts).
 */
export async function searchPassages(
  db: Executor,
  scope: ReaderScope,
  search: { query: string; documentId?: string; sheet?: string; page?: number; limit: number; semantic?: SemanticSearch },
): Promise<PassageMatch[]> {
  const owned = await db.select({ id: documents.id, name: documents.originalName, pinned: pinnedHere(scope) }).from(documents).where(inScope(scope, search.documentId));
  if (owned.length === 0) return [];
  const byId = new Map(owned.map((document) => [document.id, document]));
  const query = sql`websearch_to_tsquery('english', ${search.query})`;
  const narrowed = labelFilter(search);
  const ids = sql`array[${sql.join(owned.map((document) => sql`${document.id}`), sql`, `)}]::uuid[]`;
  const vector = search.semantic ? await queryVector(db, scope, ids, search.semantic) : null;
  if (vector) {
    // Both rankings, then fused by rank (decision 085); only the chosen passages are read whole.
    const candidates = search.limit * FUSION_CANDIDATES;
    const [textual, similar] = [await textRanking(db, ids, query, narrowed, candidates), await nearestPassages(db, scope, ids, search.semantic!.model, vector, narrowed, candidates)];
    const chosen = reciprocalRankFusion([textual, similar], search.limit);
    if (chosen.length === 0) return [];
    const read = await db.execute<{ id: string; document_id: string; ordinal: number; label: string; content: string }>(sql`
      select ${documentChunks.id} as id, ${documentChunks.documentId} as document_id, ${documentChunks.ordinal} as ordinal, ${documentChunks.label} as label, ${documentChunks.content} as content
      from ${documentChunks} where ${documentChunks.id} = any(${sql`array[${sql.join(chosen.map((id) => sql`${id}`), sql`, `)}]::uuid[]`}) and ${documentChunks.documentId} = any(${ids})`);
    const readById = new Map(read.rows.map((row) => [row.id, row]));
    return chosen.flatMap((id) => {
      const row = readById.get(id);
      const document = row ? byId.get(row.document_id) : undefined;
      return row && document ? [{ documentId: row.document_id, ordinal: row.ordinal, label: row.label, content: row.content, name: document.name, pinned: document.pinned }] : [];
    });
  }
  // The conversation's passages by the document index (a fence the planner keeps: the full-text index
  // over every user's passages is slower for common words), matched and ranked; then the text of the best.
  const result = await db.execute<{ document_id: string; ordinal: number; label: string; content: string }>(sql`
    with candidates as materialized (
      select ${documentChunks.documentId} as document_id, ${documentChunks.ordinal} as ordinal, ${documentChunks.searchVector} as search_vector
      from ${documentChunks}
      where ${documentChunks.documentId} = any(${ids}) ${narrowed ? sql`and ${narrowed}` : sql``}
    ), best as (
      select document_id, ordinal, ts_rank(search_vector, ${query}) as rank
      from candidates
      ${narrowed ? sql`` : sql`where search_vector @@ ${query}`}
      order by rank desc, document_id, ordinal
      limit ${search.limit}
    )
    select best.document_id, best.ordinal, ${documentChunks.label} as label, ${documentChunks.content} as content
    from best join ${documentChunks} on ${documentChunks.documentId} = best.document_id and ${documentChunks.ordinal} = best.ordinal
    order by best.rank desc, best.document_id, best.ordinal`);
  const rows = result.rows.map((row) => ({ documentId: row.document_id, ordinal: row.ordinal, label: row.label, content: row.content }));
  return rows.map((row) => ({ ...row, name: byId.get(row.documentId)!.name, pinned: byId.get(row.documentId)!.pinned }));
}

/** Vector similarity for one search: the configured model, and its vector of the query (made only when needed). */
export interface SemanticSearch {
  model: string;
  embedQuery(): Promise<number[] | null>;
}

/** Candidates each ranking gives the fusion, per passage returned. */
const FUSION_CANDIDATES = 4;

/**
 * The query's vector when the scope's documents have vectors of the model (one indexed look: a
 * document analysed before vectors were on, or whose embedding failed, has none); null otherwise,
 * or when the provider fails or is slow (full text then ranks alone).
 */
async function queryVector(db: Executor, scope: ReaderScope, ids: SQL, semantic: SemanticSearch): Promise<number[] | null> {
  const { rows } = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from passage_embeddings where document_id = any(${ids}) and ${ownedBy.passageEmbeddings(scope.owner)} and model = ${semantic.model}) as found`,
  );
  return rows[0]?.found ? semantic.embedQuery() : null;
}

/** The full-text ranking alone (as the statement below ranks), as passage ids, best first. */
async function textRanking(db: Executor, ids: SQL, query: SQL, narrowed: SQL | undefined, limit: number): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    with candidates as materialized (
      select ${documentChunks.id} as id, ${documentChunks.documentId} as document_id, ${documentChunks.ordinal} as ordinal, ${documentChunks.searchVector} as search_vector
      from ${documentChunks}
      where ${documentChunks.documentId} = any(${ids}) ${narrowed ? sql`and ${narrowed}` : sql``}
    )
    select id from candidates
    ${narrowed ? sql`` : sql`where search_vector @@ ${query}`}
    order by ts_rank(search_vector, ${query}) desc, document_id, ordinal
    limit ${limit}`);
  return result.rows.map((row) => row.id);
}

/**
 * The scope's passages nearest the query's vector (cosine distance), as passage ids, best first:
 * the conversation's vectors by the document index, compared exactly (a conversation holds a few
 * thousand at most; the HNSW index is approximate and would rank every user's passages before the
 * scope's were picked out). The owner is in the WHERE (ownedBy) as well as in `ids`; the passages'
 * table is joined only to narrow to a sheet or a page.
 */
async function nearestPassages(db: Executor, scope: ReaderScope, ids: SQL, model: string, vector: readonly number[], narrowed: SQL | undefined, limit: number): Promise<string[]> {
  const result = await db.execute<{ chunk_id: string }>(sql`
    select e.chunk_id
    from passage_embeddings e
    ${narrowed ? sql`join ${documentChunks} on ${documentChunks.id} = e.chunk_id and ${narrowed}` : sql``}
    where e.document_id = any(${ids}) and ${ownedBy.passageEmbeddings(scope.owner, sql`e`)} and e.model = ${model} and e.dimensions = ${vector.length}
    order by e.embedding <=> ${vectorText(vector)}::vector, e.chunk_id
    limit ${limit}`);
  return result.rows.map((row) => row.chunk_id);
}
