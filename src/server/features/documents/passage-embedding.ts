import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '#server/db/client.ts';
import type { PassageVectors } from '#server/ai/tools/read-document/passage-vectors.ts';
import { passagesToEmbed, saveEmbeddings } from '#server/ai/tools/read-document/passage-embeddings.queries.ts';

/**
 * How much embedding one document's analysis job does (decision 085): passages per request, passages
 * per document (a 2,000-passage document is about 3 MB of text; past that, the rest is found by full
 * text only), the longest one request may take, and the longest the whole may take.
 */
export const embeddingLimits = { batch: 64, perDocument: 2_000, requestMs: 30_000, totalMs: 120_000 } as const;

/**
 * Embeds a document's passages that have no vector of the model yet, in batches, after its analysis.
 * Never fails the job: a provider error, a timeout or a spent bound stops here with a line in the log,
 * and the document stays readable by full-text search. Not counted in the analysis budget (decision
 * 085: an embeddings request costs about a hundredth of a chat call, and the budget counts those).
 */
export async function embedDocumentPassages(db: Executor, vectors: PassageVectors, documentId: string, log: FastifyBaseLogger, signal?: AbortSignal): Promise<{ embedded: number }> {
  const deadline = Date.now() + embeddingLimits.totalMs;
  let embedded = 0;
  try {
    while (embedded < embeddingLimits.perDocument && Date.now() < deadline && !signal?.aborted) {
      const passages = await passagesToEmbed(db, documentId, vectors.embedder.model, Math.min(embeddingLimits.batch, embeddingLimits.perDocument - embedded));
      if (passages.length === 0) break;
      const timeout = AbortSignal.timeout(Math.min(embeddingLimits.requestMs, Math.max(1, deadline - Date.now())));
      const embeddings = await vectors.embedder.embed(
        passages.map((passage) => passage.content),
        { signal: signal ? AbortSignal.any([signal, timeout]) : timeout },
      );
      if (embeddings.length !== passages.length) throw new Error(`the provider answered ${embeddings.length} vectors for ${passages.length} passages`);
      await saveEmbeddings(db, documentId, vectors.embedder.model, passages.map((passage, i) => ({ chunkId: passage.chunkId, embedding: embeddings[i]! })));
      embedded += passages.length;
    }
  } catch (err) {
    log.warn({ err, documentId, embedded }, 'embedding a document\'s passages failed: it is searched by full text (and the vectors it has)');
  }
  return { embedded };
}
