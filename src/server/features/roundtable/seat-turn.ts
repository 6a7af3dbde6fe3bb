import type { LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { replyErrors } from '#contract/chat.ts';
import { CHAIR_SEAT, type RoundtableTurnKind, type Stance } from '#contract/roundtable.ts';
import type { ToolActivity } from '#contract/tools.ts';
import { demoProviderOptions } from '#server/ai/demo/demo-model.ts';
import { logSummary, toolsUnsupported } from '#server/ai/provider-errors.ts';
import { settleToolActivity, trackToolActivity } from '#server/ai/tools/activity.ts';
import { MAX_TOOL_STEPS, type AdvisorToolbox, type TurnIdentity } from '#server/ai/tools/index.ts';
import { abortKind, decideOutcome, TurnAbort } from '#server/ai/turn-outcome.ts';
import { streamTurn, type TurnResult } from '#server/ai/turn.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { ChatMessage, Roundtable } from '#server/db/schema.ts';
import { saveReplyProgress, saveReplyTools } from '#server/features/chat/index.ts';
import type { TurnFinal, TurnStreamEvent } from '#server/runs/stream-events.ts';
import { createThrottledSaver } from '#server/runs/throttled-saver.ts';
import type { EventHub } from '#server/streams/event-hub.ts';
import type { CallSlots } from './call-slots.ts';
import { addTokens, saveTurnEnd } from './roundtable.queries.ts';
import { OUTPUT_TOKENS } from './rounds.ts';
import { parseTurn, visibleWhileStreaming } from './stances.ts';

export interface SeatTurnDeps {
  db: Db;
  config: Config;
  model: LanguageModel;
  hub: EventHub<TurnStreamEvent>;
  log: FastifyBaseLogger;
  /** The tools a seat may call, as a reply's (decision 084); none: every seat on the plain path. */
  toolbox?: AdvisorToolbox;
}

export interface SeatTurnOutcome {
  row: ChatMessage;
  status: 'complete' | 'stopped' | 'failed';
  content: string;
  stance: Stance | null;
}

export interface SeatTurnInput {
  table: Roundtable;
  row: ChatMessage;
  round: number;
  kind: RoundtableTurnKind;
  system: string;
  message: string;
  demo: Parameters<typeof demoProviderOptions>[0];
  controller: AbortController;
  /** Whom the seat's tools act for: the table's owner, its conversation, and whether that has documents. */
  identity: TurnIdentity;
}

/**
 * One seat's model call (decision 084): waits for a slot, streams to the hub and its row, calls the
 * same tools a reply does (their activity published as a `tools` event and saved on the seat's row as
 * it changes), falls back to the plain path when the model cannot call tools, and saves its end with
 * the stance and tokens.
 */
export async function runSeatTurn(deps: SeatTurnDeps, slots: CallSlots, input: SeatTurnInput): Promise<{ turn: SeatTurnOutcome; tokensUsed: number }> {
  const { table, row, kind } = input;
  const seat = row.executiveRole ?? CHAIR_SEAT;
  // Each seat has its own controller, so a seat stopped elsewhere or stalled ends alone; the table's ends them all.
  const controller = new AbortController();
  const relay = () => controller.abort(input.controller.signal.reason);
  if (input.controller.signal.aborted) relay();
  else input.controller.signal.addEventListener('abort', relay, { once: true });
  let release: (() => void) | undefined;
  let result: TurnResult = { text: '', finished: false, error: undefined, usage: undefined };
  // Tool calls are saved on the seat's row (a reader who comes later sees them) and published as they start and end.
  let toolSaves: Promise<void> = Promise.resolve();
  const saveTools = (tools: ToolActivity[]) => {
    toolSaves = toolSaves.then(() => saveReplyTools(deps.db, row.id, tools)).catch((err: unknown) => deps.log.warn({ err, turn: row.id }, 'could not save roundtable tools'));
  };
  const activity = trackToolActivity((tools) => {
    deps.hub.publish(table.id, { type: 'tools', turn: row.id, tools });
    saveTools(tools);
  });
  try {
    release = await slots.acquire(controller.signal).catch(() => undefined);
    deps.hub.publish(table.id, { type: 'turn-start', turn: row.id, seat, round: input.round, kind });
    if (release && !controller.signal.aborted) {
      const saver = createThrottledSaver({
        save: (text) => saveReplyProgress(deps.db, row.id, text),
        onGone: () => {
          if (!controller.signal.aborted) controller.abort(new TurnAbort('stopped-elsewhere'));
        },
        onError: (err) => deps.log.warn({ err, turn: row.id }, 'could not save roundtable progress'),
      });
      const turn = (withTools: boolean) =>
        streamTurn({
          model: deps.model,
          system: input.system,
          messages: [{ role: 'user', content: input.message }],
          maxOutputTokens: Math.min(OUTPUT_TOKENS[kind], deps.config.ai.maxOutputTokens),
          maxRetries: deps.config.ai.maxRetries,
          stallTimeoutMs: deps.config.ai.stallTimeoutMs,
          providerOptions: demoProviderOptions(input.demo),
          controller,
          onText: (delta, text) => {
            deps.hub.publish(table.id, { type: 'delta', turn: row.id, text: delta, offset: text.length });
            saver.update(text);
          },
          ...(withTools && deps.toolbox?.enabled ? { tools: deps.toolbox.forTurn(input.identity), maxSteps: MAX_TOOL_STEPS, onToolEvent: (event) => activity.apply(event) } : {}),
        });
      result = await turn(true);
      // A model or server that cannot call tools answers on the plain path instead, never with an error.
      if (!result.text && activity.tools.length === 0 && !controller.signal.aborted && toolsUnsupported(result.error)) {
        deps.log.info({ turn: row.id, model: deps.config.ai.model }, 'the model does not support tools: the seat answers without them');
        result = await turn(false);
      }
      await saver.settle();
    }
  } finally {
    release?.();
    input.controller.signal.removeEventListener('abort', relay);
  }
  // A call still running when the seat stopped is shown as not finished, as in a reply.
  if (activity.tools.some((tool) => tool.status === 'running')) {
    const settled = settleToolActivity(activity.tools);
    saveTools(settled);
    deps.hub.publish(table.id, { type: 'tools', turn: row.id, tools: settled });
  }
  await toolSaves;
  return endSeatTurn(deps, input, result, abortKind(controller.signal));
}

/** Saves a seat's end (content, stance, tokens) and tells the readers, before the table goes on. */
async function endSeatTurn(deps: SeatTurnDeps, input: SeatTurnInput, result: TurnResult, abort: ReturnType<typeof abortKind>): Promise<{ turn: SeatTurnOutcome; tokensUsed: number }> {
  const { table, row, kind } = input;
  const seat = row.executiveRole ?? CHAIR_SEAT;
  const outcome = decideOutcome(result, abort);
  if (outcome.status === 'failed' && result.error && abort === null) {
    deps.log.warn({ turn: row.id, seat, provider: deps.config.ai.provider, error: logSummary(result.error) }, 'AI provider failed a roundtable seat');
  }
  const status = outcome.status === 'complete' ? 'complete' : outcome.status === 'stopped' ? 'stopped' : 'failed';
  const parsed = kind === 'synthesis' ? { content: result.text.trim(), stance: null } : status === 'complete' ? parseTurn(result.text) : { content: visibleWhileStreaming(result.text), stance: null };
  // Only a rebuttal can change a position: an opening that says "Changed: yes" has nothing to have changed from.
  if (parsed.stance && kind !== 'rebuttal') parsed.stance = { ...parsed.stance, changed: false, movedBy: null };
  const promptTokens = result.usage?.inputTokens ?? null;
  const completionTokens = result.usage?.outputTokens ?? null;
  const error = outcome.status === 'failed' ? (abort === 'shutdown' ? replyErrors.interrupted : (outcome.error ?? replyErrors.unavailable)) : null;
  try {
    await saveTurnEnd(deps.db, row.id, { content: parsed.content, status, error, model: deps.config.ai.model, promptTokens, completionTokens, stance: parsed.stance });
  } catch (err) {
    deps.log.error({ err, turn: row.id }, 'could not save the end of a roundtable turn');
  }
  const tokensUsed = await addTokens(deps.db, table.id, (promptTokens ?? 0) + (completionTokens ?? 0)).catch(() => table.tokensUsed);
  const final: TurnFinal =
    status === 'failed'
      ? { type: 'error', message: error ?? replyErrors.unavailable, content: parsed.content }
      : { type: 'done', status, content: parsed.content, usage: { promptTokens, completionTokens } };
  deps.hub.publish(table.id, { type: 'turn-end', turn: row.id, final, seat, stance: parsed.stance });
  return { turn: { row, status, content: parsed.content, stance: parsed.stance }, tokensUsed };
}
