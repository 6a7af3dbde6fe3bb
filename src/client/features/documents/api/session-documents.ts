import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { isDocumentSettled, uploadLimits } from '#contract/documents-text.ts';
import type { DocumentDto, DocumentListResponse } from '#contract/documents.ts';
import { api } from '#client/lib/api-client.ts';

export const documentKeys = {
  session: (sessionId: string) => ['/api/chat-sessions', sessionId, 'documents'] as const,
};

/** After the first 30 s of polling every second (spec section 9), an analysis still running is checked this often. */
export const BACKGROUND_POLL_MS = 5000;

export function listSessionDocuments(sessionId: string, signal?: AbortSignal) {
  return api.get<DocumentListResponse>(`/api/chat-sessions/${encodeURIComponent(sessionId)}/documents`, { signal });
}

/**
 * How often the list is read again: never when every analysis is settled; every second while the
 * newest unsettled one is younger than the spec's 30 s wait; then in the background until it is done.
 */
export function documentsPollInterval(documents: DocumentDto[] | undefined, now: number): number | false {
  const unsettled = (documents ?? []).filter((document) => !isDocumentSettled(document));
  if (unsettled.length === 0) return false;
  const youngest = Math.max(...unsettled.map((document) => Date.parse(document.createdAt) || 0));
  return now - youngest < uploadLimits.analysisWaitMs ? uploadLimits.analysisPollMs : BACKGROUND_POLL_MS;
}

export const sessionDocumentsQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: documentKeys.session(sessionId),
    queryFn: ({ signal }) => listSessionDocuments(sessionId, signal),
    refetchInterval: (query) => documentsPollInterval(query.state.data, Date.now()),
  });

/** The conversation's documents, read again while an analysis is running. */
export function useSessionDocuments(sessionId: string | null) {
  return useQuery({ ...sessionDocumentsQueryOptions(sessionId ?? ''), enabled: !!sessionId });
}

/** A document just attached (or updated) goes into the conversation's list at once. */
export function putSessionDocument(queryClient: QueryClient, document: DocumentDto): void {
  queryClient.setQueryData<DocumentListResponse>(documentKeys.session(document.sessionId), (list) =>
    list ? [...list.filter((item) => item.id !== document.id), document] : [document],
  );
}
