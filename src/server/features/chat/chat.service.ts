import {
  contextChangeNote,
  defaultSessionTitle,
  replyErrors,
  type ChatDefaults,
  type ChatSessionDto,
  type ChatUsage,
  type CreateChatSessionInput,
  type UpdateChatContextInput,
  type UpdateChatContextResponse,
  type UpdateChatDefaultsInput,
} from '#contract/chat.ts';
import { dailyAllowances } from '#contract/entitlements.ts';
import { chatDefaults, isFreeExecutiveRole } from '#contract/roles.ts';
import { describeProviderError } from '#server/ai/provider-errors.ts';
import type { ChatSession, User } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { toMessageDto, toSessionDto } from './chat-dto.ts';
import * as queries from './chat.queries.ts';
import type { ReplyRunners, RunnerDeps } from './reply-runner.ts';
import { generateSessionTitle } from './titles.ts';

export interface ChatDeps extends RunnerDeps {
  runners: ReplyRunners;
}

/** The signed-in user and what the server decided about Premium for this request. */
export interface Caller {
  user: User;
  isPremium: boolean;
}

export async function requireSession(deps: ChatDeps, caller: Caller, sessionId: string): Promise<ChatSession> {
  const session = await queries.findSession(deps.db, sessionId, caller.user.id);
  if (!session) throw new AppError('not_found:chat_session');
  return session;
}

/** Free accounts talk to the free executives only; the upgrade dialog opens on this error. */
export function assertExecutiveAllowed(caller: Caller, executiveRole: string): void {
  if (!caller.isPremium && !isFreeExecutiveRole(executiveRole)) throw new AppError('forbidden:role');
}

export async function createSession(deps: ChatDeps, caller: Caller, input: CreateChatSessionInput): Promise<ChatSessionDto> {
  if (input.userId && input.userId !== caller.user.id) throw new AppError('forbidden:auth');
  assertExecutiveAllowed(caller, input.executiveRole);
  // Saved defaults are a Premium feature; a free account's own role starts at the product default.
  const savedUserRole = caller.isPremium ? caller.user.defaultUserRole : null;
  const session = await queries.insertSession(deps.db, {
    userId: caller.user.id,
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

/**
 * Changes the advisor, industry or the user's own role. Free accounts may do so only before the
 * conversation starts; once it has, a change leaves a system message in the transcript.
 */
export async function updateContext(deps: ChatDeps, caller: Caller, sessionId: string, input: UpdateChatContextInput): Promise<UpdateChatContextResponse> {
  return deps.db.transaction(async (tx) => {
    const session = await queries.lockSession(tx, sessionId, caller.user.id);
    if (!session) throw new AppError('not_found:chat_session');
    const next = {
      executiveRole: input.executiveRole ?? session.executiveRole,
      industry: input.industry ?? session.industry,
      userRole: input.userRole ?? session.userRole,
    };
    const note = contextChangeNote(session, next);
    if (!note) return { session: toSessionDto(session), systemMessage: null };
    if (next.executiveRole !== session.executiveRole) assertExecutiveAllowed(caller, next.executiveRole);
    const started = await queries.hasConversationStarted(tx, sessionId);
    if (started && !caller.isPremium) throw new AppError('forbidden:context');
    const now = new Date();
    const updated = await queries.updateSession(tx, sessionId, caller.user.id, { ...next, updatedAt: now });
    if (!started) return { session: toSessionDto(updated!), systemMessage: null };
    const [systemMessage] = await queries.insertMessages(tx, [
      { sessionId, role: 'system', content: note, userRole: next.userRole, executiveRole: next.executiveRole, status: 'complete', timestamp: now },
    ]);
    return { session: toSessionDto(updated!), systemMessage: toMessageDto(systemMessage!) };
  });
}

export async function generateTitle(deps: ChatDeps, caller: Caller, sessionId: string): Promise<{ title: string }> {
  const session = await requireSession(deps, caller, sessionId);
  try {
    const title = await generateSessionTitle(deps, sessionId, caller.user.id);
    return { title: title ?? session.title };
  } catch (error) {
    deps.log.warn({ sessionId, provider: deps.config.ai.provider }, 'title generation failed');
    throw new AppError('ai:provider', describeProviderError(error, { hadText: false }));
  }
}

/** Documents arrive with the documents feature; the list exists now so the chat screen can rely on it. */
export async function listDocuments(deps: ChatDeps, caller: Caller, sessionId: string): Promise<never[]> {
  await requireSession(deps, caller, sessionId);
  return [];
}

function assertSelf(caller: Caller, userId: string): void {
  // Another account's id answers as if it did not exist.
  if (userId !== caller.user.id) throw new AppError('not_found:user');
}

export async function latestSession(deps: ChatDeps, caller: Caller, userId: string): Promise<{ id: string | null }> {
  assertSelf(caller, userId);
  return { id: await queries.latestSessionId(deps.db, caller.user.id) };
}

export async function updateDefaults(deps: ChatDeps, caller: Caller, userId: string, input: UpdateChatDefaultsInput): Promise<ChatDefaults> {
  assertSelf(caller, userId);
  if (!caller.isPremium) throw new AppError('forbidden:premium');
  const saved = await queries.updateUserDefaults(deps.db, caller.user.id, input);
  if (!saved) throw new AppError('not_found:user');
  deps.sessionCache.invalidateUser(caller.user.id);
  return saved;
}

function nextUtcMidnight(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

export async function usage(deps: ChatDeps, caller: Caller): Promise<ChatUsage> {
  const used = (await queries.dailyUsage(deps.db, caller.user.id)) ?? { interactions: 0, attachments: 0 };
  const limits = dailyAllowances(caller.isPremium);
  return {
    isPremium: caller.isPremium,
    interactionsUsed: used.interactions,
    interactionsLimit: limits.interactions,
    attachmentsUsed: used.attachments,
    attachmentsLimit: limits.attachments,
    resetsAt: nextUtcMidnight().toISOString(),
  };
}

/** Start-up: replies left 'streaming' by a previous process can never finish; they fail with their partial text. */
/**
 * Replies left 'streaming' by a runner that is gone fail as interrupted, keeping their text. With
 * `silentForMs`, only those whose runner has been silent that long: where other instances share
 * the database, a 'streaming' reply may be theirs and alive.
 */
export async function recoverInterruptedReplies(deps: Pick<ChatDeps, 'db' | 'log'>, options: { silentForMs?: number } = {}): Promise<number> {
  const count = await queries.failStreamingReplies(deps.db, replyErrors.interrupted, options.silentForMs);
  if (count > 0) deps.log.info({ count }, 'marked interrupted replies as failed');
  return count;
}
