import { contextChangeNote, type ParsedSendMessageInput } from '#contract/chat.ts';
import type { Db } from '#server/db/client.ts';
import type { ChatMessage } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { chargeInteraction } from '#server/features/account/index.ts';
import type { Caller } from '#server/plugins/session.ts';
import { restartReply } from '../replies.queries.ts';
import { HISTORY_LIMIT, type ReplyEngine, type ReplyJob } from '../replies/index.ts';
import { touchSession } from '../sessions.queries.ts';
import { assertExecutiveAllowed, sendRulesFor } from './send-rules.ts';
import { NOTE_PREVIOUS_ROLE, sendInOneStatement } from './send-statement.queries.ts';
import { ownerOf } from '#server/db/ownership.ts';

export interface AdmissionDeps {
  db: Db;
  sessionCache: { invalidateUser(userId: string): void };
  replies: Pick<ReplyEngine, 'start'>;
}

/** Hands an admitted reply to the engine (the user's cached row is stale when an interaction was counted). */
export function launch(deps: AdmissionDeps, job: ReplyJob): void {
  if (job.chargedDay) deps.sessionCache.invalidateUser(job.userId);
  deps.replies.start(job.messageId, job);
}

export interface AdmittedSend {
  job: ReplyJob;
  /** The stored messages: the user's, its empty reply, and a note before them when the user's role changed. */
  inserted: ChatMessage[];
}

const refusals = { not_found: 'not_found:chat_session', executive: 'forbidden:role', context: 'forbidden:context', limit: 'rate_limit:interactions' } as const;

/**
 * A user message and its empty 'streaming' reply, admitted by the plan's rules (sendRulesFor) in
 * one atomic statement (send-statement.queries.ts): the caller's conversation, an executive in
 * their plan, a change of their own role only where the plan allows it (recorded with a note
 * before the message), one interaction counted while under the daily limit.
 */
export async function admitSend(deps: AdmissionDeps, caller: Caller, sessionId: string, input: ParsedSendMessageInput): Promise<AdmittedSend> {
  const newRole = input.userRole ?? NOTE_PREVIOUS_ROLE;
  const sent = await sendInOneStatement(deps.db, {
    sessionId,
    userId: caller.user.id,
    at: Date.now(),
    userRole: input.userRole ?? null,
    rules: sendRulesFor(caller),
    roleChangeNote: contextChangeNote({ executiveRole: '', industry: '', userRole: NOTE_PREVIOUS_ROLE }, { executiveRole: '', industry: '', userRole: newRole }) ?? '',
    content: input.content,
    documentIds: input.documentIds,
    historyLimit: HISTORY_LIMIT,
  });
  if (sent.kind === 'refused') throw new AppError(refusals[sent.reason]);
  // What the reply answers: the new message (and its note), then what came before, newest first.
  const asked = sent.inserted.filter((m) => m.role !== 'assistant').reverse();
  const reply = sent.inserted.find((m) => m.role === 'assistant')!;
  return {
    inserted: sent.inserted,
    job: {
      messageId: reply.id,
      sessionId,
      userId: caller.user.id,
      ...sent.session,
      chargedDay: sent.chargedDay,
      premium: caller.isPremium,
      history: [...asked, ...sent.history].slice(0, HISTORY_LIMIT),
      note: sent.note,
    },
  };
}

/**
 * A failed or stopped reply written again into the same message, all or nothing in one transaction:
 * the caller's conversation (locked, so its sends take turns, and marked used), an executive in their
 * plan, one interaction counted (free plan, under the limit), the reply restarted. One question costs
 * one interaction: a failed reply's was given back, so its retry counts again; a stopped reply's was
 * kept, so its retry is not counted a second time (and is not given back if it fails). A complete
 * reply written again (Regenerate) is a new reply and counts like a send.
 */
export async function admitRetry(
  deps: AdmissionDeps,
  caller: Caller,
  sessionId: string,
  message: Pick<ChatMessage, 'id' | 'status'>,
  notRetryable: AppError,
): Promise<{ job: ReplyJob; restarted: ChatMessage }> {
  const messageId = message.id;
  const { session, chargedDay, restarted } = await deps.db.transaction(async (tx) => {
    const session = await touchSession(tx, sessionId, ownerOf(caller), new Date());
    if (!session) throw new AppError('not_found:chat_session');
    assertExecutiveAllowed(caller, session.executiveRole);
    const chargedDay = message.status !== 'stopped' ? await chargeInteraction(tx, caller) : null;
    // Only from the status read before: a reply that changed status meanwhile is not retried at this price.
    // The row keeps what this admission charged (none for a stopped reply's retry): recovery gives back only that.
    const restarted = await restartReply(tx, messageId, { userRole: session.userRole, executiveRole: session.executiveRole, chargedDay }, message.status);
    if (!restarted) throw notRetryable;
    return { session, chargedDay, restarted };
  });
  const job: ReplyJob = { messageId, sessionId, userId: caller.user.id, executiveRole: session.executiveRole, industry: session.industry, userRole: session.userRole, chargedDay, premium: caller.isPremium };
  return { job, restarted };
}
