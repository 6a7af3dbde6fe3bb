import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';

/**
 * `passage_embeddings` (migration 0024, decision 085) exists only where pgvector could be created:
 * it is not in schema.ts, so its statements are written here. A vector is sent and read in pgvector's
 * text form, '[0.1,0.2,...]' (a JSON array).
 */

/** Whether this database has the table (PGlite always; PostgreSQL only with pgvector). */
export async function passageEmbeddingsExist(db: Executor): Promise<boolean> {
  const { rows } = await db.execute<{ exists: boolean }>(sql`select to_regclass('public.passage_embeddings') is not null as exists`);
  return rows[0]!.exists === true;
}

export const vectorText = (vector: readonly number[]) => `[${vector.map((value) => (Number.isFinite(value) ? value : 0)).join(',')}]`;

/** A document's passages that have no vector of this model yet, in order (a retried job embeds what is left). */
export async function passagesToEmbed(db: Executor, documentId: string, model: string, limit: number): Promise<{ chunkId: string; content: string }[]> {
  const { rows } = await db.execute<{ chunk_id: string; content: string }>(sql`
    select c.id as chunk_id, c.content
    from document_chunks c
    left join passage_embeddings e on e.chunk_id = c.id and e.model = ${model}
    where c.document_id = ${documentId} and e.chunk_id is null
    order by c.ordinal
    limit ${limit}`);
  return rows.map((row) => ({ chunkId: row.chunk_id, content: row.content }));
}

/**
 * Documents after `after` (by id) with passages that have no vector of this model: those attached
 * before embeddings were configured, or whose embedding failed (the backfill walks them once, decision 085).
 */
export async function documentsMissingEmbeddings(db: Executor, model: string, after: string | null, limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select d.id from documents d
    where d.content is not null and (${after}::uuid is null or d.id > ${after}::uuid)
      and exists (
        select 1 from document_chunks c
        left join passage_embeddings e on e.chunk_id = c.id and e.model = ${model}
        where c.document_id = d.id and e.chunk_id is null)
    order by d.id
    limit ${limit}`);
  return rows.map((row) => row.id);
}

/** Stores vectors (a passage has one: another model's is replaced). A passage deleted meanwhile is skipped. */
export async function saveEmbeddings(db: Executor, documentId: string, model: string, vectors: { chunkId: string; embedding: readonly number[] }[]): Promise<void> {
  if (vectors.length === 0) return;
  const values = sql.join(
    vectors.map((v) => sql`(${v.chunkId}::uuid, ${vectorText(v.embedding)}::vector)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into passage_embeddings (chunk_id, document_id, model, dimensions, embedding)
    select v.chunk_id, c.document_id, ${model}, vector_dims(v.embedding), v.embedding
    from (values ${values}) as v(chunk_id, embedding)
    join document_chunks c on c.id = v.chunk_id and c.document_id = ${documentId}
    on conflict (chunk_id) do update set model = excluded.model, dimensions = excluded.dimensions, embedding = excluded.embedding, created_at = now()`);
}
