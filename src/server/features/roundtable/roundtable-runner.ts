import type { LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { replyErrors } from '#contract/chat.ts';
import { CHAIR_SEAT, type RoundtableStatus, type RoundtableStopReason, type RoundtableTurnKind, type Stance } from '#contract/roundtable.ts';
import { demoProviderOptions } from '#server/ai/demo/demo-model.ts';
import { logSummary } from '#server/ai/provider-errors.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { ChatMessage, Roundtable } from '#server/db/schema.ts';
import { abortKind, decideOutcome, TurnAbort } from '#server/ai/turn-outcome.ts';
import { streamTurn } from '#server/ai/turn.ts';
import { saveReplyProgress } from '#server/features/chat/index.ts';
import type { TurnFinal, TurnStreamEvent } from '#server/runs/stream-events.ts';
import { createThrottledSaver } from '#server/runs/throttled-saver.ts';
import type { EventHub } from '#server/streams/event-hub.ts';
import type { RunKind, RunRegistry } from '#server/runs/run-registry.ts';
import { CallSlots } from './call-slots.ts';
import { planOf } from './roundtable-dto.ts';
import { addTokens, conversationBefore, documentsOfConversation, finishRoundtable, findRoundtable, insertTurns, interruptAbandoned, isStillRunning, passagesFor, saveTurnEnd, touchRoundtables, turnsOf } from './roundtable.queries.ts';
import { composeSituation, situationBudgetTokens, type SituationDocument } from './situation.ts';
import { resolveUserRole } from '#server/ai/personas/compose.ts';
import { RoundtableStreamView, type RoundtableEventSink } from './roundtable-view.ts';
import {
  CHAIR_SYSTEM,
  chairMessage,
  kindOfRound,
  nextStep,
  OUTPUT_TOKENS,
  openingMessage,
  parseTurn,
  rebuttalMessage,
  seatSystemPrompt,
  sideOf,
  speakersOf,
  stanceMoved,
  visibleWhileStreaming,
  type EarlierTable,
  type SpokenTurn,
  type TablePlan,
} from './rounds.ts';

/** How much of the conversation and its documents the situation reads before it is cut to the budget. */
const SITUATION_MESSAGES = 40;
const SITUATION_DOCUMENTS = 5;
const SITUATION_PASSAGES = 6;

export interface RoundtableRunnerDeps {
  db: Db;
  config: Config;
  model: LanguageModel;
  hub: EventHub<TurnStreamEvent>;
  log: FastifyBaseLogger;
}

interface TurnOutcome {
  row: ChatMessage;
  status: 'complete' | 'stopped' | 'failed';
  content: string;
  stance: Stance | null;
}

/** A table to run: a new one, or (`resume`) an interrupted one carrying on. */
export interface RoundtableJob {
  table: Roundtable;
  resume: boolean;
}

/** A roundtable's reader: an SSE connection (the hub's event ids), ended once when the follower ends. */
export type RoundtableSink = RoundtableEventSink & { end(): void };

/** The roundtables of this instance: start, stop, follow; the runs plugin owns its timers and shutdown. */
export type RoundtableRunner = RunRegistry<RoundtableJob, string | null, RoundtableSink>;

/**
 * Roundtables as one kind of run (src/server/runs, decision 069): each seat a `streamTurn` with
 * its own persona prompt, its row saved as it streams, every event published on one hub stream per
 * table. Works whether or not anyone follows; Stop ends every seat and keeps what was said; a
 * failing seat is marked and the rest go on; shutdown leaves the table 'interrupted'.
 */
export function roundtableRunKind(deps: RoundtableRunnerDeps): RunKind<RoundtableJob, string | null, RoundtableSink> {
  const tables = new RoundtableTables(deps, new CallSlots(deps.config.roundtable.maxModelCalls));
  return {
    name: 'roundtable',
    execute: ({ table, resume }, controller) => tables.run(table, controller, resume),
    recover: async (options) => {
      // Their turns were failed by the replies' recovery, which runs first.
      const ids = await interruptAbandoned(deps.db, options.silentForMs);
      if (ids.length > 0) deps.log.info({ count: ids.length }, 'marked interrupted roundtables');
      return ids.length;
    },
    heartbeat: (ids) => touchRoundtables(deps.db, ids),
    view: (id, lastEventId, sink) => new RoundtableStreamView(deps.db, id, lastEventId, sink),
  };
}

/** The debate itself: rounds of seats in parallel (each bounded by the call slots), then the chair. */
class RoundtableTables {
  constructor(
    private readonly deps: RoundtableRunnerDeps,
    private readonly slots: CallSlots,
  ) {}

  async run(table: Roundtable, controller: AbortController, resume: boolean): Promise<void> {
    const { deps } = this;
    const plan = planOf(table);
    let tokensUsed = table.tokensUsed;
    let stopReason: RoundtableStopReason | null = null;
    let status: RoundtableStatus = 'complete';
    try {
      // A new table has no turns yet: nothing is read before the first seats are asked (the path to the first token).
      const existing = resume ? (await turnsOf(deps.db, table.id)).filter((m) => m.role === 'assistant' && m.status === 'complete') : [];
      const done = (round: number, seat: string) => existing.find((m) => m.roundtableRound === round && (m.executiveRole ?? CHAIR_SEAT) === seat);
      const [earlier, situation] = await Promise.all([this.earlierTable(table), this.situationOf(table, plan.seats.length)]);
      const latest = new Map<string, SpokenTurn>();
      const rounds: SpokenTurn[][] = [];
      let seated: string[] = [...plan.seats];
      let round = 1;
      let chair = false;
      for (;;) {
        if (controller.signal.aborted) break;
        const speakers = speakersOf(plan, seated);
        const kind = kindOfRound(plan, round);
        const before = new Map(latest);
        const outcomes = await this.holdRound({ table, plan, round, kind, speakers, before, earlier, situation, controller, done });
        tokensUsed = outcomes.tokensUsed;
        const spoke: string[] = [];
        const changed: string[] = [];
        const heard: SpokenTurn[] = [];
        for (const outcome of outcomes.turns) {
          const seat = outcome.row.executiveRole ?? CHAIR_SEAT;
          if (outcome.status === 'complete') {
            spoke.push(seat);
            if (round > 1 && outcome.stance && stanceMoved(before.get(seat)?.stance ?? null, outcome.stance)) changed.push(seat);
            latest.set(seat, { seat, content: outcome.content, stance: outcome.stance });
            heard.push({ seat, content: outcome.content, stance: outcome.stance });
          } else if (outcome.status === 'failed') {
            seated = seated.filter((s) => s !== seat);
          }
        }
        rounds.push(heard);
        deps.hub.publish(table.id, { type: 'round-end', round, changedSeats: changed });
        if (controller.signal.aborted) break;
        if (!(await isStillRunning(deps.db, table.id))) {
          controller.abort(new TurnAbort('stopped-elsewhere'));
          break;
        }
        const step = nextStep({ plan, round, spoke, changed, tokensUsed, tokenBudget: table.tokenBudget });
        if (step.next === 'round') {
          round = step.round;
          continue;
        }
        stopReason = step.stopReason;
        chair = step.next === 'synthesis' && !plan.addressTo;
        if (step.next === 'end' && step.stopReason === 'seats-failed') status = 'failed';
        break;
      }
      if (chair && !controller.signal.aborted) {
        const synthesisRound = round + 1;
        const turns = plan.seats.flatMap((seat) => (latest.has(seat) ? [latest.get(seat)!] : []));
        const finished = done(synthesisRound, CHAIR_SEAT) ?? existing.find((m) => m.executiveRole === CHAIR_SEAT);
        if (!finished) {
          const [row] = await insertTurns(deps.db, [{ roundtableId: table.id, sessionId: table.sessionId, round: synthesisRound, seat: CHAIR_SEAT, userRole: table.userRole, timestamp: new Date() }]);
          const outcome = await this.runTurn({
            table,
            row: row!,
            round: synthesisRound,
            kind: 'synthesis',
            system: CHAIR_SYSTEM(deps.config.appName, table.industry, table.userRole, table.format),
            message: chairMessage(table.question, table.format, turns, rounds, situation),
            demo: {
              task: 'chair',
              industry: table.industry,
              question: table.question,
              format: table.format,
              seats: turns.map((t) => ({
                seat: t.seat,
                position: t.stance?.position ?? '',
                confidence: t.stance?.confidence ?? null,
                risk: t.stance?.risk ?? null,
                changed: t.stance?.changed ?? false,
                movedBy: t.stance?.movedBy ?? null,
              })),
            },
            controller,
          });
          tokensUsed = outcome.tokensUsed;
        }
      }
    } catch (err) {
      deps.log.error({ err, roundtableId: table.id }, 'a roundtable failed');
      status = 'failed';
    }
    const abort = abortKind(controller.signal);
    if (abort === 'stop' || abort === 'stopped-elsewhere') {
      status = 'stopped';
      stopReason = 'user';
    } else if (abort === 'shutdown') {
      status = 'interrupted';
      stopReason = 'interrupted';
    }
    try {
      await finishRoundtable(deps.db, table.id, { status, stopReason });
    } catch (err) {
      deps.log.error({ err, roundtableId: table.id }, 'could not save the end of a roundtable');
    }
    const saved = await findRoundtable(deps.db, table.id).catch(() => undefined);
    deps.hub.end(table.id, { type: 'end', status: saved?.status ?? status, stopReason: saved?.stopReason ?? stopReason, tokensUsed: saved?.tokensUsed ?? tokensUsed });
  }

  /** What a follow-up is given of the earlier table: its question, the chair's synthesis, the addressed seat's last stance. */
  private async earlierTable(table: Roundtable): Promise<EarlierTable | null> {
    if (!table.followUpOf) return null;
    const parent = await findRoundtable(this.deps.db, table.followUpOf);
    if (!parent || parent.userId !== table.userId) return null;
    const turns = await turnsOf(this.deps.db, parent.id);
    const synthesis = turns.find((m) => m.role === 'assistant' && m.executiveRole === CHAIR_SEAT && m.status === 'complete');
    const own = table.addressTo ? turns.filter((m) => m.executiveRole === table.addressTo && m.status === 'complete').at(-1) : undefined;
    return { question: parent.question, synthesis: synthesis?.content ?? null, ownStance: own?.stance ?? null };
  }

  /**
   * What every seat is told of the user's situation (issue 31, point 4; decision 068): a digest of
   * the conversation before the table and the passages of its documents that bear on the question,
   * fenced and bounded by the table's budget. Read once per run; a follow-up's earlier table comes
   * separately (earlierTable).
   */
  private async situationOf(table: Roundtable, seats: number): Promise<string> {
    const db = this.deps.db;
    const conversation = await conversationBefore(db, { sessionId: table.sessionId, userId: table.userId, before: table.createdAt, limit: SITUATION_MESSAGES });
    const ids = [...new Set(conversation.filter((m) => m.role === 'user').flatMap((m) => m.documentIds))].slice(0, SITUATION_DOCUMENTS);
    const found = await documentsOfConversation(db, { userId: table.userId, sessionId: table.sessionId, ids });
    const budgetTokens = situationBudgetTokens({ tokenBudget: table.tokenBudget, seats, maxRounds: table.maxRounds });
    const documents: SituationDocument[] = [];
    for (const document of ids.flatMap((id) => found.filter((d) => d.id === id))) {
      if (document.content.length <= budgetTokens * 2) {
        documents.push({ name: document.originalName, read: 'whole', text: document.content });
        continue;
      }
      const passages = (await passagesFor(db, document.id, table.question, SITUATION_PASSAGES)).sort((a, b) => a.ordinal - b.ordinal);
      documents.push({ name: document.originalName, read: `parts: ${passages.map((p) => p.label).join(', ') || 'none'}`, text: passages.map((p) => `### ${p.label}\n${p.content}`).join('\n\n') });
    }
    return composeSituation({ userRole: resolveUserRole(table.userRole).label, conversation, documents, budgetTokens }).text;
  }

  /** One round: every speaker's turn in parallel (blind in round 1: each gets only the question and the situation). */
  private async holdRound(input: {
    table: Roundtable;
    plan: TablePlan;
    round: number;
    kind: RoundtableTurnKind;
    speakers: string[];
    before: Map<string, SpokenTurn>;
    earlier: EarlierTable | null;
    situation: string;
    controller: AbortController;
    done: (round: number, seat: string) => ChatMessage | undefined;
  }): Promise<{ turns: TurnOutcome[]; tokensUsed: number }> {
    const { table, plan, round, kind, controller } = input;
    const kept: TurnOutcome[] = [];
    const toRun: string[] = [];
    for (const seat of input.speakers) {
      const finished = input.done(round, seat);
      if (finished) kept.push({ row: finished, status: 'complete', content: finished.content, stance: finished.stance ?? null });
      else toRun.push(seat);
    }
    const now = Date.now();
    // One row per seat, in seat order (the conversation's order), before any call starts.
    const rows = await insertTurns(
      this.deps.db,
      toRun.map((seat, i) => ({ roundtableId: table.id, sessionId: table.sessionId, round, seat, userRole: table.userRole, timestamp: new Date(now + i) })),
    );
    let tokensUsed = table.tokensUsed;
    const context = { appName: this.deps.config.appName, industry: table.industry, userRole: table.userRole, plan, question: table.question };
    const results = await Promise.all(
      rows.map(async (row) => {
        const seat = row.executiveRole!;
        const others = plan.seats.filter((s) => s !== seat && input.before.has(s)).map((s) => input.before.get(s)!);
        const own = input.before.get(seat) ?? null;
        const message =
          kind === 'rebuttal'
            ? rebuttalMessage({ question: table.question, plan, seat, own, others, situation: input.situation })
            : openingMessage(table.question, input.earlier ? { ...input.earlier, ownStance: kind === 'answer' ? input.earlier.ownStance : null } : null, kind === 'answer' ? 'answer' : 'opening', input.situation);
        const outcome = await this.runTurn({
          table,
          row,
          round,
          kind,
          system: seatSystemPrompt(context, seat),
          message,
          demo: {
            task: 'seat',
            executiveRole: seat,
            industry: table.industry,
            userRole: table.userRole,
            question: table.question,
            kind: kind === 'synthesis' ? 'answer' : kind,
            side: sideOf(plan, seat),
            others: others.map((o) => ({ seat: o.seat, position: o.stance?.position ?? '', confidence: o.stance?.confidence ?? null, risk: o.stance?.risk ?? null })),
            ownPosition: own?.stance?.position ?? input.earlier?.ownStance?.position ?? null,
            roster: [...plan.seats],
          },
          controller,
        });
        tokensUsed = Math.max(tokensUsed, outcome.tokensUsed);
        return outcome.turn;
      }),
    );
    const order = (o: TurnOutcome) => plan.seats.indexOf(o.row.executiveRole ?? '');
    return { turns: [...kept, ...results].sort((a, b) => order(a) - order(b)), tokensUsed };
  }

  /** One seat's model call: waits for a slot, streams to the hub and its row, saves its end with the stance and tokens. */
  private async runTurn(input: {
    table: Roundtable;
    row: ChatMessage;
    round: number;
    kind: RoundtableTurnKind;
    system: string;
    message: string;
    demo: Parameters<typeof demoProviderOptions>[0];
    controller: AbortController;
  }): Promise<{ turn: TurnOutcome; tokensUsed: number }> {
    const { deps } = this;
    const { table, row, kind } = input;
    const seat = row.executiveRole ?? CHAIR_SEAT;
    // Each seat has its own controller, so a seat stopped elsewhere or stalled ends alone; the table's ends them all.
    const controller = new AbortController();
    const relay = () => controller.abort(input.controller.signal.reason);
    if (input.controller.signal.aborted) relay();
    else input.controller.signal.addEventListener('abort', relay, { once: true });
    let release: (() => void) | undefined;
    let result: Awaited<ReturnType<typeof streamTurn>> = { text: '', finished: false, error: undefined, usage: undefined };
    try {
      release = await this.slots.acquire(controller.signal).catch(() => undefined);
      deps.hub.publish(table.id, { type: 'turn-start', turn: row.id, seat, round: input.round, kind });
      if (release && !controller.signal.aborted) {
        const saver = createThrottledSaver({
          save: (text) => saveReplyProgress(deps.db, row.id, text),
          onGone: () => {
            if (!controller.signal.aborted) controller.abort(new TurnAbort('stopped-elsewhere'));
          },
          onError: (err) => deps.log.warn({ err, turn: row.id }, 'could not save roundtable progress'),
        });
        result = await streamTurn({
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
        });
        await saver.settle();
      }
    } finally {
      release?.();
      input.controller.signal.removeEventListener('abort', relay);
    }
    const abort = abortKind(controller.signal);
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
}
