import {
  contextChangeNote,
  type ChatMessageDto,
  type ListMessagesQuery,
  type ListMessagesResponse,
  type ParsedMessageFeedbackInput,
  type ParsedSendMessageInput,
  type SendMessageResponse,
} from '#contract/chat.ts';
import { FREE_DAILY_INTERACTIONS } from '#contract/limits.ts';
import { freeExecutiveRoles } from '#contract/roles.ts';
import type { ChatMessage, ChatSession, NewChatMessage } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { toMessageDto } from './chat-dto.ts';
import * as queries from './chat.queries.ts';
import { HISTORY_LIMIT } from './reply-runner.ts';
import { assertExecutiveAllowed, requireSession, type Caller, type ChatDeps } from './chat.service.ts';

async function requireMessage(deps: ChatDeps, caller: Caller, messageId: string, sessionId?: string): Promise<ChatMessage> {
  const message = await queries.findMessage(deps.db, messageId, caller.user.id, sessionId);
  if (!message) throw new AppError('not_found:message');
  return message;
}

/** Counts a free interaction inside the caller's transaction; Premium is not counted. */
async function chargeInteraction(tx: queries.Executor, caller: Caller): Promise<string | null> {
  if (caller.isPremium) return null;
  const day = await queries.consumeInteraction(tx, caller.user.id, FREE_DAILY_INTERACTIONS);
  if (!day) throw new AppError('rate_limit:interactions');
  return day;
}

export async function listMessages(deps: ChatDeps, caller: Caller, sessionId: string, query: ListMessagesQuery): Promise<ListMessagesResponse> {
  await requireSession(deps, caller, sessionId);
  const page = await queries.listMessagesPage(deps.db, sessionId, caller.user.id, { before: query.before, limit: query.limit + 1 });
  const hasMore = page.length > query.limit;
  return { messages: page.slice(0, query.limit).reverse().map(toMessageDto), hasMore };
}

interface SentMessage {
  session: Pick<ChatSession, 'executiveRole' | 'industry'>;
  userRole: string;
  chargedDay: string | null;
  inserted: ChatMessage[];
  /** What the reply is written from: the conversation up to the user message, newest first. */
  history: ChatMessage[];
}

/**
 * A user message: checks the rules, counts the interaction and stores the message with an empty
 * 'streaming' reply, all or nothing; the reply is written in the background. A system message
 * (a Premium context note) is stored as it is.
 */
export async function sendMessage(deps: ChatDeps, caller: Caller, sessionId: string, input: ParsedSendMessageInput): Promise<SendMessageResponse> {
  if (input.role === 'system') return { systemMessage: toMessageDto(await addSystemNote(deps, caller, sessionId, input.content)) };

  const result = (await sendInOneStatement(deps, caller, sessionId, input)) ?? (await sendWithContextChecks(deps, caller, sessionId, input));
  if (result.chargedDay) deps.sessionCache.invalidateUser(caller.user.id);
  const byRole = (role: ChatMessage['role']) => result.inserted.find((m) => m.role === role);
  const assistant = byRole('assistant')!;
  deps.runners.start({
    messageId: assistant.id,
    sessionId,
    userId: caller.user.id,
    executiveRole: result.session.executiveRole,
    industry: result.session.industry,
    userRole: result.userRole,
    chargedDay: result.chargedDay,
    history: result.history,
  });
  const system = byRole('system');
  return { userMessage: toMessageDto(byRole('user')!), assistantMessage: toMessageDto(assistant), systemMessage: system ? toMessageDto(system) : null };
}

/**
 * The common case in one statement (see queries.sendInOneStatement): the caller's conversation, an
 * executive in their plan, their own role unchanged. Null when the case is another one.
 */
async function sendInOneStatement(deps: ChatDeps, caller: Caller, sessionId: string, input: ParsedSendMessageInput): Promise<SentMessage | null> {
  const sent = await queries.sendInOneStatement(deps.db, {
    sessionId,
    userId: caller.user.id,
    at: Date.now(),
    userRole: input.userRole ?? null,
    allowedExecutiveRoles: caller.isPremium ? null : freeExecutiveRoles,
    interactionLimit: caller.isPremium ? null : FREE_DAILY_INTERACTIONS,
    content: input.content,
    documentIds: input.documentIds,
    historyLimit: HISTORY_LIMIT - 1,
  });
  if (sent.kind === 'limit') throw new AppError('rate_limit:interactions');
  if (sent.kind === 'other') return null;
  const user = sent.inserted.find((m) => m.role === 'user')!;
  return { session: sent.session, userRole: sent.session.userRole, chargedDay: sent.chargedDay, inserted: sent.inserted, history: [user, ...sent.history] };
}

/**
 * Every case, in a transaction: explains a refusal (no such conversation, an executive outside the
 * plan, a context change a free account may not make) or records a change of the user's own role
 * with a system note before the message.
 */
async function sendWithContextChecks(deps: ChatDeps, caller: Caller, sessionId: string, input: ParsedSendMessageInput): Promise<SentMessage> {
  return deps.db.transaction(async (tx) => {
    // Explicit, increasing timestamps: now() is the same for every row of a transaction.
    const at = Date.now();
    const session = await queries.touchSession(tx, sessionId, caller.user.id, new Date(at));
    if (!session) throw new AppError('not_found:chat_session');
    assertExecutiveAllowed(caller, session.executiveRole);
    // The user's own role travels with each message; changing it is a context change like any other.
    const userRole = input.userRole ?? session.userRole;
    let note: string | null = null;
    if (userRole !== session.userRole) {
      const started = await queries.hasConversationStarted(tx, sessionId);
      if (started && !caller.isPremium) throw new AppError('forbidden:context');
      if (started) note = contextChangeNote(session, { ...session, userRole });
    }
    const chargedDay = await chargeInteraction(tx, caller);
    const common = { sessionId, userRole, executiveRole: session.executiveRole };
    const rows: NewChatMessage[] = [
      ...(note ? [{ ...common, role: 'system' as const, content: note, timestamp: new Date(at - 1) }] : []),
      { ...common, role: 'user', content: input.content, documentIds: input.documentIds, status: 'complete', timestamp: new Date(at) },
      { ...common, role: 'assistant', content: '', status: 'streaming', timestamp: new Date(at + 1) },
    ];
    // The reply's history is read in the same transaction, sent right behind the insert without
    // waiting for it (statements of a transaction run in order).
    const [inserted, history] = await Promise.all([
      queries.insertMessages(tx, rows),
      queries.messagesUpTo(tx, sessionId, new Date(at), HISTORY_LIMIT),
    ]);
    if (userRole !== session.userRole) await queries.updateSession(tx, sessionId, caller.user.id, { userRole });
    return { session, userRole, chargedDay, inserted, history };
  });
}

async function addSystemNote(deps: ChatDeps, caller: Caller, sessionId: string, content: string): Promise<ChatMessage> {
  // Context notes belong to mid-conversation switching, which is Premium.
  if (!caller.isPremium) {
    await requireSession(deps, caller, sessionId);
    throw new AppError('forbidden:premium');
  }
  return deps.db.transaction(async (tx) => {
    const session = await queries.lockSession(tx, sessionId, caller.user.id);
    if (!session) throw new AppError('not_found:chat_session');
    const now = new Date();
    const [message] = await queries.insertMessages(tx, [{ sessionId, role: 'system', content, status: 'complete', timestamp: now }]);
    await queries.updateSession(tx, sessionId, caller.user.id, { updatedAt: now });
    return message!;
  });
}

/**
 * Checks the caller may stream this message. A reply being written on this instance is checked
 * against the send that started it, which saves a query on the path to the first token.
 */
export async function assertStreamable(deps: ChatDeps, caller: Caller, sessionId: string, messageId: string): Promise<void> {
  const owner = deps.runners.ownerOf(messageId);
  if (owner) {
    if (owner.userId !== caller.user.id || owner.sessionId !== sessionId) throw new AppError('not_found:message');
    return;
  }
  await requireMessage(deps, caller, messageId, sessionId);
}

/** Stops a reply being written, keeping its text. Stopping a finished reply changes nothing. */
export async function stopReply(deps: ChatDeps, caller: Caller, sessionId: string, messageId: string): Promise<ChatMessageDto> {
  const message = await requireMessage(deps, caller, messageId, sessionId);
  if (message.role !== 'assistant') throw new AppError('bad_request:message_state', 'Only a reply can be stopped.');
  if (message.status === 'streaming') await stopRunner(deps, caller, messageId);
  return toMessageDto(await requireMessage(deps, caller, messageId, sessionId));
}

/**
 * The runner may be here (abort it and wait for its final save) or on another instance; there, the
 * row turning 'stopped' makes the runner stop at its next save.
 */
async function stopRunner(deps: ChatDeps, caller: Caller, messageId: string): Promise<void> {
  if (!(await deps.runners.stop(messageId))) await queries.markReplyStopped(deps.db, messageId, caller.user.id);
}

/** Writes a failed or stopped reply again, into the same message. Counts as an interaction. */
export async function retryReply(deps: ChatDeps, caller: Caller, sessionId: string, messageId: string): Promise<ChatMessageDto> {
  const message = await requireMessage(deps, caller, messageId, sessionId);
  const notRetryable = new AppError('bad_request:message_state', 'Only a failed or stopped reply can be tried again.');
  if (message.role !== 'assistant' || !(message.status === 'failed' || message.status === 'stopped') || deps.runners.isRunning(messageId)) throw notRetryable;

  const result = await deps.db.transaction(async (tx) => {
    // Explicit, increasing timestamps: now() is the same for every row of a transaction.
    const at = Date.now();
    const session = await queries.touchSession(tx, sessionId, caller.user.id, new Date(at));
    if (!session) throw new AppError('not_found:chat_session');
    assertExecutiveAllowed(caller, session.executiveRole);
    const chargedDay = await chargeInteraction(tx, caller);
    const restarted = await queries.restartReply(tx, messageId, { userRole: session.userRole, executiveRole: session.executiveRole });
    if (!restarted) throw notRetryable;
    await queries.updateSession(tx, sessionId, caller.user.id, { updatedAt: new Date() });
    return { session, chargedDay, restarted };
  });

  if (result.chargedDay) deps.sessionCache.invalidateUser(caller.user.id);
  deps.runners.start({
    messageId,
    sessionId,
    userId: caller.user.id,
    executiveRole: result.session.executiveRole,
    industry: result.session.industry,
    userRole: result.session.userRole,
    chargedDay: result.chargedDay,
  });
  return toMessageDto(result.restarted);
}

export async function setFeedback(deps: ChatDeps, caller: Caller, messageId: string, input: ParsedMessageFeedbackInput): Promise<ChatMessageDto> {
  const updated = await queries.setFeedback(deps.db, messageId, caller.user.id, { like: input.like, dislike: input.dislike });
  if (updated) return toMessageDto(updated);
  await requireMessage(deps, caller, messageId);
  throw new AppError('bad_request:message_state', 'Only replies can be rated.');
}

/** Deletes one message for good; a reply still being written is stopped first. */
export async function deleteMessage(deps: ChatDeps, caller: Caller, messageId: string): Promise<void> {
  const message = await requireMessage(deps, caller, messageId);
  if (message.status === 'streaming') await stopRunner(deps, caller, messageId);
  if (!(await queries.deleteMessage(deps.db, messageId, caller.user.id))) throw new AppError('not_found:message');
}
