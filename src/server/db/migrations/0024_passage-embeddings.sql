-- Hand-written (decision 085): passage embeddings for read_document's vector similarity, only where
-- the pgvector extension can be created (PGlite loads it; a PostgreSQL server may not have it, or
-- may not allow it). Where it cannot, this migration does nothing and read_document searches by full
-- text alone. Not in schema.ts: the table may not exist, so drizzle-kit must not manage it; its
-- statements are in src/server/ai/tools/read-document/passage-embeddings.queries.ts.
-- The table: one embedding per passage (document_chunks.id), with the model that made it and its
-- dimension (the column has no fixed dimension: a model's own is stored, AI_EMBEDDING_MODEL may
-- change); deleted with its passage, and so with its document and account (cascades).
-- The HNSW cosine index covers 1536-dimension rows (text-embedding-3-small, the default), as an
-- expression over a partial index, so other dimensions are stored but not indexed.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS vector;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pgvector is not available (%): read_document searches by full text only', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    EXECUTE 'CREATE TABLE IF NOT EXISTS "passage_embeddings" (
      "chunk_id" uuid PRIMARY KEY NOT NULL REFERENCES "document_chunks"("id") ON DELETE CASCADE,
      "document_id" uuid NOT NULL REFERENCES "documents"("id") ON DELETE CASCADE,
      "model" text NOT NULL,
      "dimensions" smallint NOT NULL,
      "embedding" vector NOT NULL,
      "created_at" timestamp with time zone DEFAULT now() NOT NULL,
      CONSTRAINT "passage_embeddings_dimensions_check" CHECK ("dimensions" = vector_dims("embedding"))
    )';
    EXECUTE 'CREATE INDEX IF NOT EXISTS "passage_embeddings_document_idx" ON "passage_embeddings" USING btree ("document_id", "model")';
    EXECUTE 'CREATE INDEX IF NOT EXISTS "passage_embeddings_hnsw_1536_idx" ON "passage_embeddings" USING hnsw (("embedding"::vector(1536)) vector_cosine_ops) WHERE "dimensions" = 1536';
  END IF;
END $$;
