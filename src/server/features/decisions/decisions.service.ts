import {
  FREE_DECISIONS,
  decisionTextFromReply,
  followUpPrompt,
  type DecisionDto,
  type FollowUpResponse,
  type FollowUpsResponse,
  type ListDecisionsQuery,
  type ListDecisionsResponse,
  type ParsedCreateDecisionInput,
  type ParsedUpdateDecisionInput,
} from '#contract/decisions.ts';
import { chatDefaults, executiveRoles, industries } from '#contract/roles.ts';
import type { Clock } from '#server/clock.ts';
import { ownerOf } from '#server/db/ownership.ts';
import { AppError } from '#server/errors.ts';
import { createSession, deleteSession, sendMessage, type ChatDeps } from '#server/features/chat/index.ts';
import { rememberOutcome } from '#server/features/memory/index.ts';
import type { Caller } from '#server/plugins/session.ts';
import * as queries from './decisions.queries.ts';

/** The chat's dependencies (a follow-up is a conversation), and whose "today" it is. */
export interface DecisionsDeps extends ChatDeps {
  clock: Clock;
}

function toDto(row: queries.DecisionRow): DecisionDto {
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    owner: row.owner,
    dueDate: row.dueDate,
    followUpOn: row.followUpOn,
    status: row.status,
    sessionId: row.sessionId,
    sessionTitle: row.sessionTitle,
    messageId: row.messageId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    followedUpAt: row.followedUpAt?.toISOString() ?? null,
    outcome: row.outcome,
    outcomeFactId: row.outcomeFactId,
  };
}

async function requireDecision(deps: DecisionsDeps, caller: Caller, id: string): Promise<queries.DecisionRow> {
  const row = await queries.findDecision(deps.db, ownerOf(caller), id);
  if (!row) throw new AppError('not_found:decision');
  return row;
}

export async function listDecisions(deps: DecisionsDeps, caller: Caller, query: ListDecisionsQuery): Promise<ListDecisionsResponse> {
  return { decisions: (await queries.listDecisions(deps.db, ownerOf(caller), query.status)).map(toDto) };
}

export async function listFollowUps(deps: DecisionsDeps, caller: Caller): Promise<FollowUpsResponse> {
  const day = deps.clock.todayOf(caller.user.id);
  const [today, rows] = await Promise.all([queries.todayOf(deps.db, day), queries.listDueFollowUps(deps.db, ownerOf(caller), day)]);
  return { today, decisions: rows.map(toDto) };
}

/**
 * Saves a decision from one of the advisor's replies in the caller's conversation (anyone else's, or a
 * question, is not found). Free accounts keep one (a taste, decision 034): a second answers the upgrade
 * refusal. Counted and inserted under a lock on the account, so two saves at once cannot both pass.
 */
export async function createDecision(deps: DecisionsDeps, caller: Caller, input: ParsedCreateDecisionInput): Promise<DecisionDto> {
  const id = await deps.db.transaction(async (tx) => {
    const reply = await queries.findOwnedReply(tx, ownerOf(caller), input.sessionId, input.messageId);
    if (!reply) throw new AppError('not_found:message');
    const text = input.text ?? decisionTextFromReply(reply.content);
    if (!text) throw new AppError('bad_request:validation');
    if (!caller.isPremium) {
      await queries.lockUser(tx, caller.user.id);
      if ((await queries.countDecisions(tx, ownerOf(caller))) >= FREE_DECISIONS) throw new AppError('forbidden:decisions');
    }
    return queries.insertDecision(tx, ownerOf(caller), {
      sessionId: input.sessionId,
      messageId: input.messageId,
      kind: input.kind,
      text,
      owner: input.owner ?? null,
      dueDate: input.dueDate ?? null,
      followUpOn: input.followUpOn ?? null,
    });
  });
  return toDto(await requireDecision(deps, caller, id));
}

export async function updateDecision(deps: DecisionsDeps, caller: Caller, id: string, input: ParsedUpdateDecisionInput): Promise<DecisionDto> {
  const changes: queries.DecisionChanges = {};
  if (input.kind !== undefined) changes.kind = input.kind;
  if (input.text !== undefined) changes.text = input.text;
  if (input.owner !== undefined) changes.owner = input.owner;
  if (input.dueDate !== undefined) changes.dueDate = input.dueDate;
  if (input.followUpOn !== undefined) changes.followUpOn = input.followUpOn;
  if (input.status !== undefined) changes.status = input.status;
  if (input.outcome !== undefined) changes.outcome = input.outcome;
  if (!(await queries.updateDecision(deps.db, ownerOf(caller), id, changes))) throw new AppError('not_found:decision');
  const row = await requireDecision(deps, caller, id);
  if (input.outcome !== undefined || input.status !== undefined || input.text !== undefined) {
    // What happened becomes (or updates) a saved fact the advisors recall (issue 33, point 5; decision 082).
    const today = await queries.todayOf(deps.db, deps.clock.todayOf(caller.user.id));
    const factId = await rememberOutcome(deps.db, { owner: ownerOf(caller), premium: caller.isPremium, decision: row, factId: row.outcomeFactId, today });
    if (factId !== row.outcomeFactId) {
      await queries.setOutcomeFact(deps.db, ownerOf(caller), id, factId);
      return toDto({ ...row, outcomeFactId: factId });
    }
  }
  return toDto(row);
}

export async function deleteDecision(deps: DecisionsDeps, caller: Caller, id: string): Promise<{ deletedId: string }> {
  if (!(await queries.deleteDecision(deps.db, ownerOf(caller), id))) throw new AppError('not_found:decision');
  return { deletedId: id };
}

const isOneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T => value !== undefined && (list as readonly string[]).includes(value);

/**
 * Opens a new conversation about a decision: with the advisor, industry and role of the conversation it
 * came from (the account's defaults when that one is gone), its first question asked as the user would
 * ("How did it go: ...?"), so the advisor answers through the normal reply engine (and the send's rules:
 * a free account's interaction is counted). If the question cannot be sent, the empty conversation goes
 * and the refusal is answered. Marks the decision followed up: the welcome card stops asking.
 */
export async function startFollowUp(deps: DecisionsDeps, caller: Caller, id: string): Promise<FollowUpResponse> {
  const decision = await requireDecision(deps, caller, id);
  const source = decision.sessionId ? await queries.findSourceContext(deps.db, ownerOf(caller), decision.sessionId) : undefined;
  const executiveRole = source?.executiveRole ?? caller.user.defaultExecutiveRole ?? chatDefaults.executiveRole;
  const industry = source?.industry ?? caller.user.defaultIndustry ?? chatDefaults.industry;
  const userRole = source?.userRole ?? caller.user.defaultUserRole ?? undefined;
  const session = await createSession(deps, caller, {
    executiveRole: isOneOf(executiveRoles, executiveRole) ? executiveRole : chatDefaults.executiveRole,
    industry: isOneOf(industries, industry) ? industry : chatDefaults.industry,
    userRole: isOneOf(executiveRoles, userRole) ? userRole : undefined,
  });
  let sent;
  try {
    sent = await sendMessage(deps, caller, session.id, { role: 'user', content: followUpPrompt(decision), documentIds: [] });
  } catch (err) {
    await deleteSession(deps, caller, session.id).catch((cleanup: unknown) => deps.log.warn({ err: cleanup }, 'removing an unsent follow-up conversation failed'));
    throw err;
  }
  if (!('userMessage' in sent)) throw new AppError('internal:unexpected');
  await queries.markFollowedUp(deps.db, ownerOf(caller), id);
  return { decision: toDto(await requireDecision(deps, caller, id)), session, userMessage: sent.userMessage, assistantMessage: sent.assistantMessage };
}
