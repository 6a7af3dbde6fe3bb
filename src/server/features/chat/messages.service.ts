import { randomInt } from 'node:crypto';
import type { ChatMessageDto, DeleteMessageResponse, ListMessagesQuery, ListMessagesResponse, ParsedMessageFeedbackInput, ParsedSendMessageInput, SendMessageResponse } from '#contract/chat.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import type { Caller } from '#server/plugins/session.ts';
import { admitRetry, admitSend, launch } from './admission/admission.ts';
import { toMessageDto } from './chat-dto.ts';
import * as queries from './messages.queries.ts';
import { markReplyStopped } from './replies.queries.ts';
import { lockSession, updateSession } from './sessions.queries.ts';
import { requireSession, type ChatDeps } from './sessions.service.ts';
import { ownerOf } from '#server/db/ownership.ts';

async function requireMessage(deps: ChatDeps, caller: Caller, messageId: string, sessionId?: string): Promise<ChatMessage> {
  const message = await queries.findMessage(deps.db, messageId, ownerOf(caller), sessionId);
  if (!message) throw new AppError('not_found:message');
  return message;
}

export async function listMessages(deps: ChatDeps, caller: Caller, sessionId: string, query: ListMessagesQuery): Promise<ListMessagesResponse> {
  await requireSession(deps, caller, sessionId);
  const page = await queries.listMessagesPage(deps.db, sessionId, ownerOf(caller), { before: query.before, limit: query.limit + 1 });
  const hasMore = page.length > query.limit;
  return { messages: page.slice(0, query.limit).reverse().map(toMessageDto), hasMore };
}

/**
 * A user message: admitted (rules checked, interaction counted, the message stored with an empty
 * 'streaming' reply, all or nothing), then the reply is written in the background. A system
 * message (a Premium context note) is stored as it is.
 */
export async function sendMessage(deps: ChatDeps, caller: Caller, sessionId: string, input: ParsedSendMessageInput): Promise<SendMessageResponse> {
  if (input.role === 'system') return { systemMessage: toMessageDto(await addSystemNote(deps, caller, sessionId, input.content)) };
  const { job, inserted } = await admitSend(deps, caller, sessionId, input);
  launch(deps, job);
  const byRole = (role: ChatMessage['role']) => inserted.find((m) => m.role === role);
  const system = byRole('system');
  return { userMessage: toMessageDto(byRole('user')!), assistantMessage: toMessageDto(byRole('assistant')!), systemMessage: system ? toMessageDto(system) : null };
}

async function addSystemNote(deps: ChatDeps, caller: Caller, sessionId: string, content: string): Promise<ChatMessage> {
  // Context notes belong to mid-conversation switching, which is Premium.
  if (!caller.isPremium) {
    await requireSession(deps, caller, sessionId);
    throw new AppError('forbidden:premium');
  }
  return deps.db.transaction(async (tx) => {
    const session = await lockSession(tx, sessionId, ownerOf(caller));
    if (!session) throw new AppError('not_found:chat_session');
    const now = new Date();
    const [message] = await queries.insertMessages(tx, [{ sessionId, role: 'system', content, status: 'complete', timestamp: now }]);
    await updateSession(tx, sessionId, ownerOf(caller), { updatedAt: now });
    return message!;
  });
}

/**
 * Checks the caller may stream this message. A reply being written on this instance is checked
 * against the admission that started it, which saves a query on the path to the first token.
 */
export async function assertStreamable(deps: ChatDeps, caller: Caller, sessionId: string, messageId: string): Promise<void> {
  const owner = deps.replies.jobOf(messageId);
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
  if (message.status === 'streaming') await stopWriting(deps, caller, messageId);
  return toMessageDto(await requireMessage(deps, caller, messageId, sessionId));
}

/**
 * The reply may be written here (stop it and wait for its final save) or on another instance;
 * there, the row turning 'stopped' makes the engine stop at its next save.
 */
async function stopWriting(deps: ChatDeps, caller: Caller, messageId: string): Promise<void> {
  if (await deps.replies.stop(messageId)) return;
  await markReplyStopped(deps.db, messageId, ownerOf(caller));
  deps.replies.announceStop(messageId);
}

/** Writes a failed or stopped reply again, into the same message (counted as admitRetry says). */
export async function retryReply(deps: ChatDeps, caller: Caller, sessionId: string, messageId: string): Promise<ChatMessageDto> {
  const message = await requireMessage(deps, caller, messageId, sessionId);
  const notRetryable = new AppError('bad_request:message_state', 'Only a failed or stopped reply can be tried again.');
  if (message.role !== 'assistant' || !(message.status === 'failed' || message.status === 'stopped') || deps.replies.isRunning(messageId)) throw notRetryable;
  const { job, restarted } = await admitRetry(deps, caller, sessionId, message, notRetryable);
  launch(deps, job);
  return toMessageDto(restarted);
}

/**
 * Regenerate (issue 14, point 4): a finished reply written again into the same message, as a different
 * take. A new reply, so a free account's interaction is counted (and given back if it fails; decision
 * 028). A failed or stopped reply is retried instead, at a retry's price (nothing new for a stopped one).
 */
export async function regenerateReply(deps: ChatDeps, caller: Caller, sessionId: string, messageId: string): Promise<ChatMessageDto> {
  const message = await requireMessage(deps, caller, messageId, sessionId);
  if (message.role === 'assistant' && (message.status === 'failed' || message.status === 'stopped')) return retryReply(deps, caller, sessionId, messageId);
  const notRegenerable = new AppError('bad_request:message_state', 'Only a finished reply can be regenerated.');
  if (message.role !== 'assistant' || message.status !== 'complete' || deps.replies.isRunning(messageId)) throw notRegenerable;
  const { job, restarted } = await admitRetry(deps, caller, sessionId, message, notRegenerable);
  launch(deps, { ...job, take: randomInt(1, 1_000_000) });
  return toMessageDto(restarted);
}

/**
 * A second opinion (issue 14, point 3; Premium): the question a reply answered, asked again of another
 * executive in the same conversation. The conversation switches to that executive as any mid-conversation
 * switch does (its note in the transcript, spec section 4), then the question goes as a send (counted,
 * streamed, answered under that executive's name). Exported for second-opinion; the switch itself is
 * sessions.service's updateContext.
 */
export async function questionOf(deps: ChatDeps, caller: Caller, sessionId: string, replyId: string): Promise<ChatMessage> {
  const reply = await requireMessage(deps, caller, replyId, sessionId);
  if (!caller.isPremium) throw new AppError('forbidden:premium');
  if (reply.role !== 'assistant') throw new AppError('bad_request:message_state', 'Only a reply can have a second opinion.');
  const question = (await queries.messagesBefore(deps.db, reply, 20)).find((m) => m.role === 'user');
  if (!question) throw new AppError('bad_request:message_state', 'This reply has no question to ask again.');
  return question;
}

export async function setFeedback(deps: ChatDeps, caller: Caller, messageId: string, input: ParsedMessageFeedbackInput): Promise<ChatMessageDto> {
  const updated = await queries.setFeedback(deps.db, messageId, ownerOf(caller), { like: input.like, dislike: input.dislike });
  if (updated) return toMessageDto(updated);
  await requireMessage(deps, caller, messageId);
  throw new AppError('bad_request:message_state', 'Only replies can be rated.');
}

/**
 * Deletes a message for good. A question goes with its reply, which would be left answering nothing
 * (issue 14, defect 8; decision 028); a reply still being written is stopped first.
 */
export async function deleteMessage(deps: ChatDeps, caller: Caller, messageId: string): Promise<DeleteMessageResponse> {
  const message = await requireMessage(deps, caller, messageId);
  const going = message.role === 'user' ? [message, ...(await queries.repliesTo(deps.db, message))] : [message];
  for (const each of going) if (each.status === 'streaming') await stopWriting(deps, caller, each.id);
  const deletedIds = await queries.deleteMessages(deps.db, going.map((each) => each.id), ownerOf(caller));
  if (!deletedIds.includes(messageId)) throw new AppError('not_found:message');
  return { deletedIds };
}
