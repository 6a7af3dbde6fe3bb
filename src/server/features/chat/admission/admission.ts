import { contextChangeNote, type ParsedSendMessageInput } from '#contract/chat.ts';
import type { Db, Executor } from '#server/db/client.ts';
import type { ChatMessage, ChatSession, NewChatMessage } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { chargeInteraction } from '#server/features/account/index.ts';
import type { Caller } from '#server/plugins/session.ts';
import { hasConversationStarted, insertMessages, messagesUpTo } from '../messages.queries.ts';
import { restartReply } from '../replies.queries.ts';
import { HISTORY_LIMIT, type ReplyEngine, type ReplyJob } from '../replies/index.ts';
import { touchSession, updateSession } from '../sessions.queries.ts';
import { assertExecutiveAllowed, assertMayChangeStartedConversation, sendRulesFor } from './send-rules.ts';
import { sendInOneStatement } from './send-statement.queries.ts';

export interface AdmissionDeps {
  db: Db;
  sessionCache: { invalidateUser(userId: string): void };
  replies: Pick<ReplyEngine, 'start'>;
}

/** What one kind of request adds to the admission: checks before anything is counted, and what it stores. */
interface AdmissionSteps<Checked, Written> {
  /** Refuses (throws) before the interaction is counted; what it answers goes to `write`. */
  check(tx: Executor, session: ChatSession): Promise<Checked>;
  /** Stores what the reply needs, once the interaction is counted (on `chargedDay`, kept on the reply); `at` orders what it writes. */
  write(tx: Executor, session: ChatSession, at: number, checked: Checked, chargedDay: string | null): Promise<Written>;
}

/**
 * The admission of a reply, shared by send and retry, all or nothing in one transaction: the
 * caller's conversation (locked, so its sends take turns, and marked used), an executive in their
 * plan, the request's own checks, one interaction counted (free plan, under the limit), then what
 * the request stores. Refusals keep the order users see: not found, executive, context, limit.
 */
async function admit<Checked, Written>(
  deps: AdmissionDeps,
  caller: Caller,
  sessionId: string,
  steps: AdmissionSteps<Checked, Written>,
  { charge = true }: { charge?: boolean } = {},
): Promise<{ session: ChatSession; chargedDay: string | null; written: Written }> {
  return deps.db.transaction(async (tx) => {
    // Explicit, increasing timestamps: now() is the same for every row of a transaction.
    const at = Date.now();
    const session = await touchSession(tx, sessionId, caller.user.id, new Date(at));
    if (!session) throw new AppError('not_found:chat_session');
    assertExecutiveAllowed(caller, session.executiveRole);
    const checked = await steps.check(tx, session);
    const chargedDay = charge ? await chargeInteraction(tx, caller) : null;
    return { session, chargedDay, written: await steps.write(tx, session, at, checked, chargedDay) };
  });
}

/** Hands an admitted reply to the engine (the user's cached row is stale when an interaction was counted). */
export function launch(deps: AdmissionDeps, job: ReplyJob): void {
  if (job.chargedDay) deps.sessionCache.invalidateUser(job.userId);
  deps.replies.start(job);
}

export interface AdmittedSend {
  job: ReplyJob;
  /** The stored messages: the user's, its empty reply, and a note before them when the user's role changed. */
  inserted: ChatMessage[];
}

/**
 * A user message and its empty 'streaming' reply. The common case (the caller's conversation, an
 * executive in their plan, their own role unchanged) is one SQL statement; any other case, or the
 * daily limit, is decided by the rules in TypeScript.
 */
export async function admitSend(deps: AdmissionDeps, caller: Caller, sessionId: string, input: ParsedSendMessageInput): Promise<AdmittedSend> {
  return (await sendInOneStep(deps, caller, sessionId, input)) ?? (await sendWithContextChecks(deps, caller, sessionId, input));
}

function jobFor(caller: Caller, sessionId: string, inserted: ChatMessage[], context: Pick<ReplyJob, 'executiveRole' | 'industry' | 'userRole' | 'chargedDay' | 'history'>): ReplyJob {
  const reply = inserted.find((m) => m.role === 'assistant')!;
  return { messageId: reply.id, sessionId, userId: caller.user.id, ...context };
}

/** The common case as one statement (send-statement.queries.ts); null when the case is another one. */
export async function sendInOneStep(deps: AdmissionDeps, caller: Caller, sessionId: string, input: ParsedSendMessageInput): Promise<AdmittedSend | null> {
  const sent = await sendInOneStatement(deps.db, {
    sessionId,
    userId: caller.user.id,
    at: Date.now(),
    userRole: input.userRole ?? null,
    rules: sendRulesFor(caller),
    content: input.content,
    documentIds: input.documentIds,
    historyLimit: HISTORY_LIMIT - 1,
  });
  if (sent.kind === 'limit') throw new AppError('rate_limit:interactions');
  if (sent.kind === 'other') return null;
  const user = sent.inserted.find((m) => m.role === 'user')!;
  return { inserted: sent.inserted, job: jobFor(caller, sessionId, sent.inserted, { ...sent.session, chargedDay: sent.chargedDay, history: [user, ...sent.history] }) };
}

/**
 * Every case, by the rules: explains a refusal (no such conversation, an executive outside the
 * plan, a context change a free account may not make, the daily limit) or records a change of the
 * user's own role with a system note before the message.
 */
export async function sendWithContextChecks(deps: AdmissionDeps, caller: Caller, sessionId: string, input: ParsedSendMessageInput): Promise<AdmittedSend> {
  const { session, chargedDay, written } = await admit(deps, caller, sessionId, {
    async check(tx, session) {
      // The user's own role travels with each message; changing it is a context change like any other.
      const userRole = input.userRole ?? session.userRole;
      if (userRole === session.userRole || !(await hasConversationStarted(tx, sessionId))) return { userRole, note: null };
      assertMayChangeStartedConversation(caller);
      return { userRole, note: contextChangeNote(session, { ...session, userRole }) };
    },
    async write(tx, session, at, { userRole, note }, chargedDay) {
      const common = { sessionId, userRole, executiveRole: session.executiveRole };
      const rows: NewChatMessage[] = [
        ...(note ? [{ ...common, role: 'system' as const, content: note, timestamp: new Date(at - 1) }] : []),
        { ...common, role: 'user', content: input.content, documentIds: input.documentIds, status: 'complete', timestamp: new Date(at) },
        { ...common, role: 'assistant', content: '', status: 'streaming', timestamp: new Date(at + 1), chargedDay },
      ];
      // The reply's history is read in the same transaction, sent right behind the insert without
      // waiting for it (statements of a transaction run in order).
      const [inserted, history] = await Promise.all([insertMessages(tx, rows), messagesUpTo(tx, sessionId, new Date(at), HISTORY_LIMIT)]);
      if (userRole !== session.userRole) await updateSession(tx, sessionId, caller.user.id, { userRole });
      return { inserted, history, userRole };
    },
  });
  return {
    inserted: written.inserted,
    job: jobFor(caller, sessionId, written.inserted, { executiveRole: session.executiveRole, industry: session.industry, userRole: written.userRole, chargedDay, history: written.history }),
  };
}

/**
 * A failed or stopped reply written again into the same message, admitted like a send. One question
 * costs one interaction: a failed reply's was given back, so its retry counts again; a stopped reply's
 * was kept, so its retry is not counted a second time (and is not given back if it fails). A complete
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
  const { session, chargedDay, written } = await admit(
    deps,
    caller,
    sessionId,
    {
      check: async () => undefined,
      async write(tx, session, _at, _checked, chargedDay) {
        // Only from the status read before: a reply that changed status meanwhile is not retried at this price.
        // The row keeps what this admission charged (none for a stopped reply's retry): recovery gives back only that.
        const restarted = await restartReply(tx, messageId, { userRole: session.userRole, executiveRole: session.executiveRole, chargedDay }, message.status);
        if (!restarted) throw notRetryable;
        return restarted;
      },
    },
    { charge: message.status !== 'stopped' },
  );
  const job: ReplyJob = { messageId, sessionId, userId: caller.user.id, executiveRole: session.executiveRole, industry: session.industry, userRole: session.userRole, chargedDay };
  return { job, restarted: written };
}
