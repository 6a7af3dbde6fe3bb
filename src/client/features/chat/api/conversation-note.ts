import type { ConversationNoteResponse } from '#contract/conversation-note.ts';
import { api } from '#client/lib/api-client.ts';

const url = (sessionId: string) => `/api/chat-sessions/${encodeURIComponent(sessionId)}/note`;

/** The conversation's note (decision 083): what the advisor keeps in mind of the turns it no longer reads. */
export const getConversationNote = (sessionId: string, signal?: AbortSignal) => api.get<ConversationNoteResponse>(url(sessionId), signal ? { signal } : undefined);
export const saveConversationNote = (sessionId: string, content: string) => api.put<ConversationNoteResponse>(url(sessionId), { content });
export const clearConversationNote = (sessionId: string) => api.delete<ConversationNoteResponse>(url(sessionId));
