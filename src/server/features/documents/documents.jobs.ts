import { extractionLimits } from '#contract/documents.ts';
import { analyseDocument } from './analysis.ts';
import { chunkSections, joinSections } from './chunks.ts';
import * as queries from './documents.queries.ts';
import { ANALYSE_JOB, type DocumentsDeps } from './documents.service.ts';
import { extractText } from './extraction/extract.ts';

export const ANALYSIS_FAILED = 'The document is attached, but it could not be analysed. You can still ask about it, or attach it again.';

/**
 * documents.analyse: extraction on a worker thread, then the persona's analysis. Idempotent (a
 * retried or resumed job redoes both and replaces what an earlier attempt saved), so a crash at
 * any point only costs the work of that attempt.
 */
export function registerDocumentJobs(deps: DocumentsDeps): void {
  deps.jobs.register<{ documentId: string }>(ANALYSE_JOB, {
    maxAttempts: 4,
    async run({ documentId }, { signal }) {
      const document = await queries.findDocumentForJob(deps.db, documentId);
      if (!document || document.status !== 'processing') return;
      const extraction = await deps.storage.withLocalFile(document.storageKey, (path) =>
        extractText(path, { mimeType: document.mimeType, name: document.originalName }, { signal, timeoutMs: extractionLimits.maxSeconds * 1000 }),
      );
      const content = joinSections(extraction.sections);
      await queries.saveExtraction(deps.db, documentId, {
        content,
        textChars: extraction.sections.reduce((sum, section) => sum + section.text.length, 0),
        pageCount: extraction.pageCount,
        sheetCount: extraction.sheetCount,
        extractionStatus: extraction.status,
        extractionNotes: extraction.notes,
        chunks: chunkSections(extraction.sections),
      });
      const analysis = await analyseDocument(
        deps,
        { executiveRole: document.executiveRole, industry: document.industry, documentName: document.originalName, sections: extraction.sections, notes: extraction.notes },
        signal,
      );
      await queries.saveAnalysis(deps.db, documentId, analysis);
    },
    async onGiveUp({ documentId }) {
      await queries.markFailed(deps.db, documentId, ANALYSIS_FAILED);
    },
  });
}
