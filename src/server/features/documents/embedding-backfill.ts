import type { FastifyBaseLogger } from 'fastify';
import type { PassageVectors } from '#server/ai/tools/read-document/passage-vectors.ts';
import { documentsMissingEmbeddings } from '#server/ai/tools/read-document/passage-embeddings.queries.ts';
import type { Executor } from '#server/db/client.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { embedDocumentPassages } from './passage-embedding.ts';

export const EMBED_BACKFILL_JOB = 'documents.embed-backfill';
/** Documents one run of the job embeds before it hands over to the next (so other jobs get their turn). */
export const BACKFILL_BATCH = 10;

interface BackfillDeps {
  db: Executor;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  vectors: PassageVectors | null;
}

export interface BackfillPayload {
  model: string;
  /** The last document id done: the walk goes by id, each document once. */
  after: string | null;
}

/**
 * The passages of documents attached before embeddings were configured (or whose embedding failed)
 * get their vectors in the background (decision 085): a job walks the documents by id, BACKFILL_BATCH
 * at a time, with the same bounds as the analysis job's embedding; it stops for this start when the
 * provider embeds nothing for a document that needs it (it is failing: full text still finds every
 * passage), and the next start walks again. Nothing runs without vectors.
 */
export function registerEmbeddingBackfill(deps: BackfillDeps): void {
  const { vectors } = deps;
  if (!vectors) return;
  deps.jobs.register<BackfillPayload>(EMBED_BACKFILL_JOB, {
    maxAttempts: 3,
    async run({ model, after }, { signal }) {
      // Another model configured since this job was queued: the start that configured it walks again.
      if (model !== vectors.embedder.model) return;
      const ids = await documentsMissingEmbeddings(deps.db, model, after, BACKFILL_BATCH);
      let embedded = 0;
      for (const id of ids) {
        const done = await embedDocumentPassages(deps.db, vectors, id, deps.log, signal);
        if (done.embedded === 0) {
          deps.log.warn({ documentId: id, embedded }, 'embedding older documents stopped: the provider embedded nothing; the next start tries again');
          return;
        }
        embedded += done.embedded;
      }
      if (embedded > 0) deps.log.info({ documents: ids.length, passages: embedded }, 'embedded passages of older documents');
      if (ids.length === BACKFILL_BATCH) await deps.jobs.enqueue(deps.db, EMBED_BACKFILL_JOB, { model, after: ids.at(-1)! });
    },
  });
}

/** Queues the walk once per start and model (several instances starting together queue it once). */
export async function scheduleEmbeddingBackfill(deps: BackfillDeps, now = new Date()): Promise<boolean> {
  if (!deps.vectors) return false;
  const model = deps.vectors.embedder.model;
  return deps.jobs.enqueueOnce(deps.db, EMBED_BACKFILL_JOB, { model, after: null }, `${EMBED_BACKFILL_JOB}:${model}:${now.toISOString().slice(0, 13)}`);
}
