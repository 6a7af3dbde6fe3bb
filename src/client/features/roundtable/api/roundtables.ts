import type { CreateRoundtableInput, RoundtableDto } from '#contract/roundtable.ts';
import { api } from '#client/lib/api-client.ts';
import { fetchExportFile } from '#client/lib/download.ts';

export const roundtableKeys = {
  table: (id: string) => ['/api/roundtables', id] as const,
  ofSession: (sessionId: string) => ['/api/chat-sessions', sessionId, 'roundtables'] as const,
};

export function createRoundtable(sessionId: string, input: CreateRoundtableInput) {
  return api.post<RoundtableDto>(`/api/chat-sessions/${encodeURIComponent(sessionId)}/roundtables`, input);
}

export function getRoundtable(id: string, signal?: AbortSignal) {
  return api.get<RoundtableDto>(`/api/roundtables/${encodeURIComponent(id)}`, { signal });
}

export function listRoundtables(sessionId: string, signal?: AbortSignal) {
  return api.get<{ roundtables: RoundtableDto[] }>(`/api/chat-sessions/${encodeURIComponent(sessionId)}/roundtables`, { signal });
}

export function stopRoundtable(id: string) {
  return api.post<RoundtableDto>(`/api/roundtables/${encodeURIComponent(id)}/stop`);
}

export function resumeRoundtable(id: string) {
  return api.post<RoundtableDto>(`/api/roundtables/${encodeURIComponent(id)}/resume`);
}

/** GET /api/roundtables/:id/export/pdf: the board pack's bytes and file name, in the reader's time zone. */
export function exportBoardPack(id: string): Promise<{ blob: Blob; fileName: string }> {
  return fetchExportFile(`/api/roundtables/${encodeURIComponent(id)}/export/pdf`, 'board-pack.pdf');
}
