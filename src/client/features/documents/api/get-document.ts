import type { DocumentDto } from '#contract/documents.ts';
import { api } from '#client/lib/api-client.ts';

/** GET /api/documents/:id: one of the caller's documents, with its analysis once written. */
export async function getDocument(id: string, signal?: AbortSignal): Promise<DocumentDto> {
  return (await api.get<{ document: DocumentDto }>(`/api/documents/${encodeURIComponent(id)}`, { signal })).document;
}
