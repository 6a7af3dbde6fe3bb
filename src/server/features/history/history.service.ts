import type { FastifyBaseLogger } from 'fastify';
import {
  HISTORY_LIST_LIMIT,
  HISTORY_SEARCH_LIMIT,
  SNIPPET_MATCH_END,
  SNIPPET_MATCH_START,
  type ChatSessionListItem,
  type DeleteChatSessionsInput,
  type DeleteChatSessionsResponse,
  type ListChatSessionsResponse,
} from '#contract/history.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { findOwnedSession } from '#server/features/chat/index.ts';
import { assertSelf, type Caller } from '#server/plugins/session.ts';
import { attachmentHeader, buildConversationExport, exportFileName, resolveTimeZone } from './export/conversation.ts';
import { conversationToMarkdown } from './export/markdown.ts';
import { renderConversationPdfOffThread } from './export/pdf-pool.ts';
import * as queries from './history.queries.ts';
import { previewText, snippetText } from './plain-text.ts';
import { parseSearchTerms } from './search-terms.ts';

export interface HistoryDeps {
  db: Db;
  config: Pick<Config, 'appName'>;
  log: FastifyBaseLogger;
}

/** History and export are Premium (spec sections 1 and 6): refused here, whatever a page shows. */
function assertPremium(caller: Caller): void {
  if (!caller.isPremium) throw new AppError('forbidden:premium');
}

function toItem(row: queries.SessionSummaryRow, snippet: string | null): ChatSessionListItem {
  return {
    id: row.id,
    title: row.title,
    executiveRole: row.executiveRole,
    industry: row.industry,
    userRole: row.userRole,
    preview: previewText(row.preview, queries.PREVIEW_READ_LENGTH),
    messageCount: row.messageCount,
    documentCount: row.documentCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    snippet,
  };
}

const markers = { start: SNIPPET_MATCH_START, end: SNIPPET_MATCH_END };

/** The newest conversations, or with `q` the best matches with the snippet that matched. */
export async function listConversations(deps: HistoryDeps, caller: Caller, userId: string, q: string | undefined): Promise<ListChatSessionsResponse> {
  assertSelf(caller, userId);
  assertPremium(caller);
  if (!q) {
    const rows = await queries.listSessionSummaries(deps.db, caller.user.id, HISTORY_LIST_LIMIT + 1);
    return { sessions: rows.slice(0, HISTORY_LIST_LIMIT).map((row) => toItem(row, null)), hasMore: rows.length > HISTORY_LIST_LIMIT };
  }
  const terms = parseSearchTerms(q);
  await queries.refreshSearchDocuments(deps.db, caller.user.id);
  const rows = await queries.searchSessionSummaries(deps.db, caller.user.id, terms, HISTORY_SEARCH_LIMIT + 1);
  return {
    sessions: rows.slice(0, HISTORY_SEARCH_LIMIT).map((row) => toItem(row, snippetText(row.headline, row.headlineSource, markers))),
    hasMore: rows.length > HISTORY_SEARCH_LIMIT,
  };
}

/**
 * Deletes the caller's own conversations among the ids, or all of them, with their messages.
 * Not Premium: anyone may delete their own.
 */
export async function deleteConversations(deps: HistoryDeps, caller: Caller, userId: string, input: DeleteChatSessionsInput): Promise<DeleteChatSessionsResponse> {
  assertSelf(caller, userId);
  if ('all' in input) return { deletedCount: await queries.deleteAllSessions(deps.db, caller.user.id) };
  const sessionIds = [...new Set(input.sessionIds)];
  return { deletedCount: await queries.deleteSessions(deps.db, caller.user.id, sessionIds) };
}

async function conversationExport(deps: HistoryDeps, caller: Caller, sessionId: string, timeZone: string | undefined) {
  assertPremium(caller);
  const session = await findOwnedSession(deps.db, caller, sessionId);
  if (!session) throw new AppError('not_found:chat_session');
  const messages = await queries.allMessages(deps.db, session.id);
  return { session, conversation: buildConversationExport(session, messages, { appName: deps.config.appName, timeZone: resolveTimeZone(timeZone) }) };
}

export interface ExportFile<T> {
  body: T;
  fileName: string;
  contentDisposition: string;
}

export async function exportMarkdown(deps: HistoryDeps, caller: Caller, sessionId: string, timeZone?: string): Promise<ExportFile<string>> {
  const { session, conversation } = await conversationExport(deps, caller, sessionId, timeZone);
  const fileName = exportFileName(session.title, session.createdAt, 'md');
  return { body: conversationToMarkdown(conversation), fileName, contentDisposition: attachmentHeader(fileName) };
}

export async function exportPdf(deps: HistoryDeps, caller: Caller, sessionId: string, timeZone?: string): Promise<ExportFile<Buffer>> {
  const { session, conversation } = await conversationExport(deps, caller, sessionId, timeZone);
  const fileName = exportFileName(session.title, session.createdAt, 'pdf');
  return { body: await renderConversationPdfOffThread(conversation), fileName, contentDisposition: attachmentHeader(fileName) };
}
