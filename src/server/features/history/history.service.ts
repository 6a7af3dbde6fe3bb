import { generateText, stepCountIs, type LanguageModel } from 'ai';
import type { AdvisorToolbox } from '#server/ai/tools/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import {
  HISTORY_PAGE_SIZE,
  HISTORY_SEARCH_LIMIT,
  HISTORY_SEARCH_PAGE_SIZE,
  SNIPPET_MATCH_END,
  SNIPPET_MATCH_START,
  type ChatSessionListItem,
  type DeleteChatSessionsInput,
  type DeleteChatSessionsResponse,
  type ListChatSessionsResponse,
  type MemoFormat,
} from '#contract/history.ts';
import { demoProviderOptions } from '#server/ai/demo/demo-model.ts';
import { describeProviderError, logSummary } from '#server/ai/provider-errors.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { deleteSessions, findOwnedSession } from '#server/features/chat/index.ts';
import { memoryContextFor } from '#server/features/memory/index.ts';
import { MARKDOWN_TYPE, PDF_TYPE, type Download } from '#server/plugins/file-responses.ts';
import { assertSelf, type Caller } from '#server/plugins/session.ts';
import { buildConversationExport, exportFileName, resolveTimeZone } from './export/conversation.ts';
import { conversationToMarkdown } from './export/markdown.ts';
import { buildMemoPrompt, memoToMarkdown, parseMemo, type DecisionMemo } from './export/memo.ts';
import { renderConversationPdfOffThread, renderMemoPdfOffThread } from './export/pdf-pool.ts';
import * as queries from './history.queries.ts';
import * as search from './search.queries.ts';
import { previewText, snippetText } from './plain-text.ts';
import { parseSearchTerms } from './search-terms.ts';
import { ownerOf } from '#server/db/ownership.ts';

export interface HistoryDeps {
  db: Db;
  config: Pick<Config, 'appName' | 'ai' | 'memory'>;
  log: FastifyBaseLogger;
  /** Writes the decision memo. */
  model: LanguageModel;
  /** The tools the memo may call (calculate; read_document over the conversation's documents), decision 084. */
  toolbox?: AdvisorToolbox;
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
    roundtableCount: row.roundtableCount,
    headToHeadCount: row.headToHeadCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    snippet,
  };
}

const markers = { start: SNIPPET_MATCH_START, end: SNIPPET_MATCH_END };

/**
 * The newest conversations, or with `q` the best matches with the snippet that matched: both a page
 * at a time, the list after the cursor `before`, a search from its `from`-th best match (decision 041).
 */
export async function listConversations(
  deps: HistoryDeps,
  caller: Caller,
  userId: string,
  q: string | undefined,
  cursors: { before?: string; from?: string } = {},
): Promise<ListChatSessionsResponse> {
  const { before } = cursors;
  assertSelf(caller, userId);
  assertPremium(caller);
  if (!q) {
    const [rows, total] = await Promise.all([
      queries.listSessionSummaries(deps.db, ownerOf(caller), HISTORY_PAGE_SIZE + 1, before),
      before ? null : queries.countSessions(deps.db, ownerOf(caller)),
    ]);
    const page = rows.slice(0, HISTORY_PAGE_SIZE);
    const hasMore = rows.length > HISTORY_PAGE_SIZE;
    return { sessions: page.map((row) => toItem(row, null)), hasMore, nextCursor: hasMore ? page.at(-1)!.cursor : null, total };
  }
  const terms = parseSearchTerms(q);
  // Search documents are kept by a job the database queues when conversations change (history.jobs.ts),
  // never built here: a search costs the same after importing thousands of conversations.
  // Pages of the best HISTORY_SEARCH_LIMIT matches: snippets cost per row, so only the page shown gets them.
  const offset = Number(cursors.from ?? 0);
  const end = Math.min(offset + HISTORY_SEARCH_PAGE_SIZE, HISTORY_SEARCH_LIMIT);
  const { rows, more } = await search.searchSessionSummaries(deps.db, ownerOf(caller), terms, { offset, limit: end - offset });
  return {
    sessions: rows.map((row) => toItem(row, snippetText(row.headline, row.headlineSource, markers))),
    hasMore: more,
    nextCursor: more && end < HISTORY_SEARCH_LIMIT ? String(end) : null,
    total: null,
  };
}

/**
 * Deletes the caller's own conversations among the ids, or all of them, with their messages.
 * Not Premium: anyone may delete their own.
 */
export async function deleteConversations(deps: HistoryDeps, caller: Caller, userId: string, input: DeleteChatSessionsInput): Promise<DeleteChatSessionsResponse> {
  assertSelf(caller, userId);
  if ('all' in input) return { deletedCount: await queries.deleteAllSessions(deps.db, ownerOf(caller)) };
  const sessionIds = [...new Set(input.sessionIds)];
  return { deletedCount: await deleteSessions(deps.db, ownerOf(caller), sessionIds) };
}

async function conversationExport(deps: HistoryDeps, caller: Caller, sessionId: string, timeZone: string | undefined) {
  assertPremium(caller);
  const session = await findOwnedSession(deps.db, caller, sessionId);
  if (!session) throw new AppError('not_found:chat_session');
  const messages = await queries.allMessages(deps.db, session.id);
  const hasDocuments = messages.some((message) => message.role === 'user' && message.documentIds.length > 0);
  return { session, hasDocuments, conversation: buildConversationExport(session, messages, { appName: deps.config.appName, timeZone: resolveTimeZone(timeZone) }) };
}


export async function exportMarkdown(deps: HistoryDeps, caller: Caller, sessionId: string, timeZone?: string): Promise<Download<string>> {
  const { session, conversation } = await conversationExport(deps, caller, sessionId, timeZone);
  const fileName = exportFileName(session.title, session.createdAt, 'md');
  return { body: conversationToMarkdown(conversation), fileName, contentType: MARKDOWN_TYPE };
}

export async function exportPdf(deps: HistoryDeps, caller: Caller, sessionId: string, timeZone?: string): Promise<Download<Buffer>> {
  const { session, conversation } = await conversationExport(deps, caller, sessionId, timeZone);
  const fileName = exportFileName(session.title, session.createdAt, 'pdf');
  return { body: await renderConversationPdfOffThread(conversation), fileName, contentType: PDF_TYPE };
}

/** A memo is a page: the model's answer never needs more. */
const MEMO_MAX_OUTPUT_TOKENS = 900;
/** Model calls the memo may make with tools: a calculation or a read, then the memo (decision 084). */
const MEMO_TOOL_STEPS = 3;

/**
 * The decision memo (issue 14, point 5): the model writes its sections from the conversation
 * (complete replies only), the server parses them tolerantly and lays them out as one page (PDF) or
 * as Markdown. A conversation without an answered question has no decision to write up.
 */
export async function exportMemo(deps: HistoryDeps, caller: Caller, sessionId: string, format: MemoFormat, timeZone?: string): Promise<Download<string | Buffer>> {
  const { session, conversation, hasDocuments } = await conversationExport(deps, caller, sessionId, timeZone);
  const said = conversation.messages.filter((message) => message.content.trim() && !message.note);
  const questions = said.filter((message) => message.role === 'user').map((message) => message.content.trim());
  const replies = said.filter((message) => message.role === 'assistant').map((message) => message.content.trim());
  if (questions.length === 0 || replies.length === 0) throw new AppError('bad_request:memo_empty');
  let answer: string;
  // The memo may compute and read the conversation's documents as a reply does, for its owner, in this
  // conversation only (the identity is bound into the tools, never taken from the model's arguments).
  // The company memory's block, and the documents pinned to the company, which read_document reads too (decision 082).
  const memory = await memoryContextFor(deps, { owner: ownerOf(caller), question: questions.join('\n'), includeFacts: caller.isPremium });
  const tools = deps.toolbox?.enabled
    ? deps.toolbox.forTurn({ owner: ownerOf(caller), sessionId: session.id, premium: caller.isPremium, hasDocuments, pinnedDocumentIds: memory.pinnedDocumentIds })
    : undefined;
  try {
    // generateText's own tool loop (AI SDK 7): `text` is the last step's, the memo itself, which parseMemo reads.
    ({ text: answer } = await generateText({
      model: deps.model,
      // The last step may not call tools: it writes the memo.
      ...(tools ? { tools, stopWhen: stepCountIs(MEMO_TOOL_STEPS), prepareStep: ({ stepNumber }: { stepNumber: number }) => (stepNumber >= MEMO_TOOL_STEPS - 1 ? { toolChoice: 'none' as const } : undefined) } : {}),
      prompt: buildMemoPrompt(conversation, memory.block),
      maxOutputTokens: MEMO_MAX_OUTPUT_TOKENS,
      maxRetries: deps.config.ai.maxRetries,
      abortSignal: AbortSignal.timeout(deps.config.ai.stallTimeoutMs),
      providerOptions: demoProviderOptions({
        task: 'memo',
        executiveRole: session.executiveRole,
        industry: session.industry,
        question: questions[0]!,
        replies,
        followUps: questions.slice(1),
      }),
    }));
  } catch (error) {
    deps.log.warn({ err: logSummary(error), sessionId: session.id }, 'decision memo: the model did not answer');
    throw new AppError('ai:provider', describeProviderError(error, { hadText: false }));
  }
  const memo: DecisionMemo = {
    ...parseMemo(answer),
    appName: conversation.appName,
    title: conversation.title,
    userRole: conversation.userRole,
    executiveRole: conversation.executiveRole,
    industry: conversation.industry,
    date: conversation.date,
    preparedAt: conversation.exportedAt,
    timeZone: conversation.timeZone,
  };
  const fileName = exportFileName(`decision memo ${session.title}`, session.createdAt, format);
  const body = format === 'pdf' ? await renderMemoPdfOffThread(memo) : memoToMarkdown(memo);
  return { body, fileName, contentType: format === 'pdf' ? PDF_TYPE : MARKDOWN_TYPE };
}
