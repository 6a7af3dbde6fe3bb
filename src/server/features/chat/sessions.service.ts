import type { LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import {
  contextChangeNote,
  defaultSessionTitle,
  type ChatSessionDto,
  type CreateChatSessionInput,
  type RecentSessionsResponse,
  type RenameChatSessionInput,
  type UpdateChatContextInput,
  type UpdateChatContextResponse,
} from '#contract/chat.ts';
import type { DeleteChatSessionsResponse } from '#contract/history.ts';
import { FREE_RECENT_CONVERSATIONS } from '#contract/limits.ts';
import { chatDefaults } from '#contract/roles.ts';
import { describeProviderError } from '#server/ai/provider-errors.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { ChatSession } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { assertSelf, type Caller } from '#server/plugins/session.ts';
import { assertExecutiveAllowed, assertMayChangeStartedConversation } from './admission/send-rules.ts';
import { toMessageDto, toSessionDto } from './chat-dto.ts';
import { hasConversationStarted, insertMessages } from './messages.queries.ts';
import type { ReplyEngine } from './replies/index.ts';
import * as queries from './sessions.queries.ts';
import { generateSessionTitle } from './titles.ts';
import { ownerOf } from '#server/db/ownership.ts';

/** What the chat services are given; how the reply engine is wired is not their business. */
export interface ChatDeps {
  db: Db;
  config: Config;
  model: LanguageModel;
  log: FastifyBaseLogger;
  /** Signed-in users are cached per instance for a moment; a change to their row must drop that copy. */
  sessionCache: { invalidateUser(userId: string): void };
  replies: ReplyEngine;
}

/** The caller's own conversation, for other features too (through index.ts); undefined for anyone else's. */
export async function findOwnedSession(db: Db, caller: Pick<Caller, 'user'>, sessionId: string): Promise<ChatSession | undefined> {
  return queries.findSession(db, sessionId, ownerOf(caller));
}

export async function requireSession(deps: Pick<ChatDeps, 'db'>, caller: Caller, sessionId: string): Promise<ChatSession> {
  const session = await findOwnedSession(deps.db, caller, sessionId);
  if (!session) throw new AppError('not_found:chat_session');
  return session;
}

export async function createSession(deps: ChatDeps, caller: Caller, input: CreateChatSessionInput): Promise<ChatSessionDto> {
  if (input.userId && input.userId !== caller.user.id) throw new AppError('forbidden:auth');
  assertExecutiveAllowed(caller, input.executiveRole);
  // Saved defaults are a Premium feature; a free account's own role starts at the product default.
  const savedUserRole = caller.isPremium ? caller.user.defaultUserRole : null;
  const session = await queries.insertSession(deps.db, ownerOf(caller), {
    executiveRole: input.executiveRole,
    industry: input.industry,
    userRole: input.userRole ?? savedUserRole ?? chatDefaults.userRole,
    title: input.title ?? defaultSessionTitle(input.executiveRole, input.industry),
  });
  return toSessionDto(session);
}

export async function getSession(deps: ChatDeps, caller: Caller, sessionId: string): Promise<ChatSessionDto> {
  return toSessionDto(await requireSession(deps, caller, sessionId));
}

/** Deletes one of the caller's conversations with its messages (a reply being written notices at its next save and stops). */
export async function deleteSession(deps: ChatDeps, caller: Caller, sessionId: string): Promise<DeleteChatSessionsResponse> {
  const deletedCount = await queries.deleteSessions(deps.db, ownerOf(caller), [sessionId]);
  if (deletedCount === 0) throw new AppError('not_found:chat_session');
  return { deletedCount };
}

/**
 * The owner renames a conversation (decision 033), whatever the plan. The conversation keeps its place
 * in the lists (updated_at is the last activity, and a rename is not one); automatic titles stop.
 */
export async function renameSession(deps: Pick<ChatDeps, 'db'>, caller: Caller, sessionId: string, input: RenameChatSessionInput): Promise<ChatSessionDto> {
  const renamed = await queries.updateSession(deps.db, sessionId, ownerOf(caller), { title: input.title, titleRenamedAt: new Date() });
  if (!renamed) throw new AppError('not_found:chat_session');
  return toSessionDto(renamed);
}

/**
 * Changes the advisor, industry or the user's own role. Free accounts may do so only before the
 * conversation starts; once it has, a change leaves a system message in the transcript.
 */
export async function updateContext(deps: ChatDeps, caller: Caller, sessionId: string, input: UpdateChatContextInput): Promise<UpdateChatContextResponse> {
  return deps.db.transaction(async (tx) => {
    const session = await queries.lockSession(tx, sessionId, ownerOf(caller));
    if (!session) throw new AppError('not_found:chat_session');
    const next = {
      executiveRole: input.executiveRole ?? session.executiveRole,
      industry: input.industry ?? session.industry,
      userRole: input.userRole ?? session.userRole,
    };
    const note = contextChangeNote(session, next);
    if (!note) return { session: toSessionDto(session), systemMessage: null };
    if (next.executiveRole !== session.executiveRole) assertExecutiveAllowed(caller, next.executiveRole);
    const started = await hasConversationStarted(tx, sessionId);
    if (started) assertMayChangeStartedConversation(caller);
    const now = new Date();
    const updated = await queries.updateSession(tx, sessionId, ownerOf(caller), { ...next, updatedAt: now });
    if (!started) return { session: toSessionDto(updated!), systemMessage: null };
    const [systemMessage] = await insertMessages(tx, [
      { sessionId, role: 'system', content: note, userRole: next.userRole, executiveRole: next.executiveRole, status: 'complete', timestamp: now },
    ]);
    return { session: toSessionDto(updated!), systemMessage: toMessageDto(systemMessage!) };
  });
}

/**
 * The conversation's title, asked of the model only when no title was asked at its current message
 * count (the reply that made one due usually has): a title costs one model call per count at most (decision 050).
 */
export async function generateTitle(deps: ChatDeps, caller: Caller, sessionId: string): Promise<{ title: string }> {
  await requireSession(deps, caller, sessionId);
  try {
    const title = await generateSessionTitle(deps, sessionId, caller.user.id);
    return { title: title ?? (await requireSession(deps, caller, sessionId)).title };
  } catch (error) {
    deps.log.warn({ sessionId, provider: deps.config.ai.provider }, 'title generation failed');
    throw new AppError('ai:provider', describeProviderError(error, { hadText: false }));
  }
}

/**
 * "Recent conversations" (issue 29, point 4; decision 059): every account, Free included, can reopen its
 * FREE_RECENT_CONVERSATIONS most recent conversations from the chat screen. For a Free account only those
 * the retention keeps (last used within FREE_RETENTION_DAYS; the daily job deletes the others). History
 * and search, every conversation, stay Premium.
 */
export async function recentSessions(deps: ChatDeps, caller: Caller): Promise<RecentSessionsResponse> {
  const days = deps.config.retention.freeDays;
  const since = !caller.isPremium && days > 0 ? new Date(Date.now() - days * 86_400_000) : null;
  const rows = await queries.recentSessions(deps.db, ownerOf(caller), FREE_RECENT_CONVERSATIONS, since);
  return { sessions: rows.map((row) => ({ id: row.id, title: row.title, executiveRole: row.executiveRole, industry: row.industry, updatedAt: row.updatedAt.toISOString() })) };
}

/** Documents arrive with the documents feature; the list exists now so the chat screen can rely on it. */
export async function latestSession(deps: ChatDeps, caller: Caller, userId: string): Promise<{ id: string | null }> {
  assertSelf(caller, userId);
  return { id: await queries.latestSessionId(deps.db, ownerOf(caller)) };
}
