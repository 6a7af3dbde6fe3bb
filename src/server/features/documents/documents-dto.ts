import { documentAnalysisSchema, type DocumentDto } from '#contract/documents.ts';
import type { Document } from '#server/db/schema.ts';

export function toDocumentDto(document: Document): DocumentDto {
  const analysis = document.analysis ? documentAnalysisSchema.safeParse(document.analysis) : null;
  return {
    id: document.id,
    sessionId: document.sessionId,
    filename: document.filename,
    originalName: document.originalName,
    mimeType: document.mimeType,
    size: document.size,
    status: document.status,
    extractionStatus: document.extractionStatus,
    pageCount: document.pageCount,
    sheetCount: document.sheetCount,
    textChars: document.textChars,
    extractionNotes: document.extractionNotes,
    analysis: analysis?.success ? analysis.data : null,
    error: document.error,
    downloadUrl: `/api/documents/${document.id}/download`,
    createdAt: document.createdAt.toISOString(),
  };
}
