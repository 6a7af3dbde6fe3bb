import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '#server/db/client.ts';
import type { Embedder } from '#server/ai/embeddings.ts';
import { passageEmbeddingsExist } from './passage-embeddings.queries.ts';

/**
 * Vector similarity for read_document (decision 085): on when the provider offers embeddings
 * (AI_EMBEDDING_MODEL) and the database has pgvector (migration 0024); otherwise full text alone.
 */
export interface PassageVectors {
  embedder: Embedder;
  /** The longest a read waits for its query's vector before ranking by full text alone. */
  queryTimeoutMs: number;
}

export const QUERY_EMBEDDING_TIMEOUT_MS = 2_000;

/** Decided once at start, and said once in the log when the database is what turns vectors off. */
export async function passageVectorsAtStart(db: Executor, embedder: Embedder | null, log: FastifyBaseLogger): Promise<PassageVectors | null> {
  if (!embedder) return null;
  if (!(await passageEmbeddingsExist(db))) {
    log.info(`read_document: AI_EMBEDDING_MODEL is "${embedder.model}", but this PostgreSQL has no pgvector extension: documents are searched by full text only (install pgvector and restart to add vector similarity).`);
    return null;
  }
  return { embedder, queryTimeoutMs: QUERY_EMBEDDING_TIMEOUT_MS };
}

/** The query's vector, or null when the provider fails or is slower than `queryTimeoutMs` (full text then ranks alone). */
export async function embedQuery(vectors: PassageVectors, query: string): Promise<number[] | null> {
  try {
    const [vector] = await vectors.embedder.embed([query], { signal: AbortSignal.timeout(vectors.queryTimeoutMs) });
    return vector && vector.length > 0 ? vector : null;
  } catch {
    return null;
  }
}
