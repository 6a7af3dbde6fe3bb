import type { DocumentDto, ProcessDocumentInput } from '#contract/documents.ts';
import { api } from '#client/lib/api-client.ts';

/** POST /api/documents/process: attaches the uploaded file to the conversation and queues its analysis. */
export async function processDocument(input: ProcessDocumentInput): Promise<DocumentDto> {
  return (await api.post<{ document: DocumentDto }>('/api/documents/process', input)).document;
}
