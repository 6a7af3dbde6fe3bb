import { analysisBudget, extractionLimits, extractionText } from '#contract/documents.ts';
import { accountOwner } from '#server/db/ownership.ts';
import { AnalysisBudgetSpent, analyseDocument, type AnalysisLedger } from './analysis.ts';
import { chunkSections, joinSections } from './chunks.ts';
import { embedDocumentPassages } from './passage-embedding.ts';
import * as queries from './documents.queries.ts';
import { ANALYSE_JOB, COLLECT_UPLOAD_JOB, type DocumentsDeps } from './documents.service.ts';
import * as uploads from './uploads.queries.ts';
import { extractText } from './extraction/extract.ts';

export const ANALYSIS_FAILED = 'The document is attached, but it could not be analysed. You can still ask about it, or attach it again.';

export interface AnalyseJobPayload {
  documentId: string;
  /** The owner's daily budget of analysis calls, by their plan when the document was attached (older jobs: the free one). */
  callsPerDay?: number;
}

/**
 * documents.analyse: extraction on a worker thread, then the persona's analysis. A retried or
 * resumed job picks up where the last attempt stopped: text already extracted is not read again,
 * notes already written on parts of a long document are reused, and every model call comes out of
 * the document's and the account's budgets (decision 052). A spent budget ends the job with the
 * user's words for it; any other failure is retried, then ends with ANALYSIS_FAILED. With vectors on,
 * the passages are then embedded (bounded, never failing the job: decision 085).
 */
export function registerDocumentJobs(deps: DocumentsDeps): void {
  deps.jobs.register<AnalyseJobPayload>(ANALYSE_JOB, {
    maxAttempts: 4,
    async run({ documentId, callsPerDay = analysisBudget.callsPerDay.free }, { signal }) {
      const document = await queries.findDocumentForJob(deps.db, documentId);
      if (!document || document.status !== 'processing') return;
      let notes = document.extractionNotes;
      let text = document.content ?? '';
      if (document.extractionStatus === 'pending') {
        const extraction = await deps.storage.withLocalFile(document.storageKey, (path) =>
          extractText(path, { mimeType: document.mimeType, name: document.originalName }, { signal, timeoutMs: extractionLimits.maxSeconds * 1000 }),
        );
        notes = extraction.notes;
        text = joinSections(extraction.sections);
        await queries.saveExtraction(deps.db, documentId, {
          content: text,
          textChars: extraction.sections.reduce((sum, section) => sum + section.text.length, 0),
          pageCount: extraction.pageCount,
          sheetCount: extraction.sheetCount,
          extractionStatus: extraction.status,
          extractionNotes: extraction.notes,
          chunks: chunkSections(extraction.sections),
        });
      }
      // After the analysis (the document is ready sooner): its passages' vectors, when on (decision 085).
      const embedPassages = async () => {
        if (deps.vectors) await embedDocumentPassages(deps.db, deps.vectors, documentId, deps.log, signal);
      };
      const summaries = { ...document.partSummaries };
      const ledger: AnalysisLedger = {
        summaries,
        async takeCall() {
          const taken = await queries.takeAnalysisCall(deps.db, documentId, accountOwner(document.userId), { perDocument: analysisBudget.callsPerDocument, perDay: callsPerDay });
          if (taken === 'document') throw new AnalysisBudgetSpent(extractionText.documentBudgetUsed);
          if (taken === 'account') throw new AnalysisBudgetSpent(extractionText.dailyBudgetUsed);
        },
        async saveSummary(key, text) {
          summaries[key] = text;
          await queries.saveSummary(deps.db, documentId, key, text);
        },
      };
      try {
        const analysis = await analyseDocument(
          deps,
          {
            executiveRole: document.executiveRole,
            industry: document.industry,
            userRole: document.userRole,
            documentName: document.originalName,
            text,
            notes,
          },
          ledger,
          signal,
        );
        await queries.saveAnalysis(deps.db, documentId, analysis);
      } catch (error) {
        // Trying again would only find the budget spent again: say so now.
        if (error instanceof AnalysisBudgetSpent) {
          await queries.markFailed(deps.db, documentId, error.message);
          return embedPassages();
        }
        throw error;
      }
      await embedPassages();
    },
    async onGiveUp({ documentId }) {
      await queries.markFailed(deps.db, documentId, ANALYSIS_FAILED);
    },
  });

  // An upload never attached (cancelled, replaced, abandoned): its file and its hold on the account's storage go (decision 052).
  deps.jobs.register<{ key: string }>(COLLECT_UPLOAD_JOB, {
    maxAttempts: 10,
    async run({ key }) {
      if (!(await uploads.isAttached(deps.db, key))) await deps.storage.delete(key);
      await uploads.deletePendingUpload(deps.db, key);
    },
  });
}

/** Whether the local driver may store a PUT to this key: a document upload only while it can still be attached. */
export async function uploadAdmitted(deps: Pick<DocumentsDeps, 'db'>, key: string): Promise<boolean> {
  if (!key.startsWith('documents/')) return true;
  return (await uploads.findLivePendingUpload(deps.db, key)) !== undefined;
}
