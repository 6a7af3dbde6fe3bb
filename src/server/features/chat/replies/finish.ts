import type { FastifyBaseLogger } from 'fastify';
import { replyErrors } from '#contract/chat.ts';
import { endAtLastCompleteBlock } from '#server/ai/complete-blocks.ts';
import { logSummary } from '#server/ai/provider-errors.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { EventHub } from '#server/streams/event-hub.ts';
import { refundInteraction, type AccountDeps } from '#server/features/account/index.ts';
import { finishReply as saveReplyEnd, type ReplyEnd } from '../replies.queries.ts';
import { decideOutcome, type Outcome, type TurnAbort } from '#server/ai/turn-outcome.ts';
import type { ReplyJob } from './prompt.ts';
import type { TurnFinal, TurnStreamEvent } from '#server/runs/stream-events.ts';
import type { TurnResult } from '#server/ai/turn.ts';

export interface FinishDeps extends AccountDeps {
  db: Db;
  config: Pick<Config, 'ai'>;
  hub: EventHub<TurnStreamEvent>;
  log: FastifyBaseLogger;
}

/** What the stored row and the readers are told about how a turn ended. */
export function replyEndOf(outcome: Outcome, run: TurnResult, model: string): { row: ReplyEnd; final: TurnFinal } {
  const complete = outcome.status === 'complete';
  const usage = { promptTokens: complete ? (run.usage?.inputTokens ?? null) : null, completionTokens: complete ? (run.usage?.outputTokens ?? null) : null };
  // A stopped reply ends at its last complete block (no "1." or heading left hanging), for the readers and the row alike.
  const content = outcome.status === 'stopped' ? endAtLastCompleteBlock(run.text) : run.text;
  const row: ReplyEnd = { content, status: outcome.status, error: outcome.error, model, ...usage };
  const final: TurnFinal =
    outcome.status === 'failed'
      ? { type: 'error', message: outcome.error ?? replyErrors.unavailable, content }
      : { type: 'done', status: complete ? 'complete' : 'stopped', content, usage };
  return { row, final };
}

/**
 * Ends a reply: decides its outcome, saves the row (before readers are told, so one who arrives
 * after the hub forgot the stream reads it finished), publishes the final event as the stream's
 * last, and gives a free interaction back when the failure is not the user's doing.
 */
export async function finishReply(deps: FinishDeps, job: ReplyJob, run: TurnResult, abort: TurnAbort['kind'] | null): Promise<Outcome> {
  const outcome = decideOutcome(run, abort);
  if (outcome.status === 'failed' && run.error && abort === null) {
    deps.log.warn({ messageId: job.messageId, provider: deps.config.ai.provider, error: logSummary(run.error) }, 'AI provider failed a reply');
  }
  const { row, final } = replyEndOf(outcome, run, deps.config.ai.model);
  try {
    // A reply stopped on another instance is 'stopped' already; anything else is still 'streaming'.
    await saveReplyEnd(deps.db, job.messageId, abort === 'stopped-elsewhere' ? 'stopped' : 'streaming', row);
  } catch (err) {
    // Still tell the open streams how it ended; recovery settles the row if it stays 'streaming'.
    deps.log.error({ err, messageId: job.messageId }, 'could not save the end of a reply');
  }
  deps.hub.end(job.messageId, { type: 'turn-end', turn: job.messageId, final });
  if (outcome.refund && job.chargedDay) {
    await refundInteraction(deps, job.userId, job.chargedDay).catch((err: unknown) => deps.log.warn({ err }, 'could not give back an interaction'));
  }
  return outcome;
}
