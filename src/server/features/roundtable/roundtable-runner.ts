import { CHAIR_SEAT, type RoundtableStatus, type RoundtableStopReason, type RoundtableTurnKind } from '#contract/roundtable.ts';
import type { ChatMessage, Roundtable } from '#server/db/schema.ts';
import { abortKind, TurnAbort } from '#server/ai/turn-outcome.ts';
import type { RunKind, RunRegistry } from '#server/runs/run-registry.ts';
import { CallSlots } from './call-slots.ts';
import { runSeatTurn, type SeatTurnDeps, type SeatTurnOutcome } from './seat-turn.ts';
import type { TurnIdentity } from '#server/ai/tools/index.ts';
import { accountOwner } from '#server/db/ownership.ts';
import { planOf } from './roundtable-dto.ts';
import { findOwnedRoundtable, finishRoundtable, findRoundtable, insertTurns, interruptAbandoned, isStillRunning, touchRoundtables, turnsOf } from './roundtable.queries.ts';
import { readSituation } from './situation-reading.ts';
import { RoundtableStreamView, type RoundtableEventSink } from './roundtable-view.ts';
import { CHAIR_SYSTEM, chairMessage, openingMessage, rebuttalMessage, seatSystemPrompt, type EarlierTable, type SpokenTurn } from './round-prompts.ts';
import { kindOfRound, nextStep, sideOf, speakersOf, type TablePlan } from './rounds.ts';
import { stanceMoved } from './stances.ts';

export type RoundtableRunnerDeps = SeatTurnDeps;

type TurnOutcome = SeatTurnOutcome;

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
      const [earlier, situation] = await Promise.all([this.earlierTable(table), readSituation(deps, table, plan.seats.length)]);
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
        const outcomes = await this.holdRound({ table, plan, round, kind, speakers, before, earlier, situation: situation.text, identity: situation.identity, controller, done });
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
          const outcome = await runSeatTurn(this.deps, this.slots, {
            table,
            row: row!,
            round: synthesisRound,
            kind: 'synthesis',
            system: CHAIR_SYSTEM(deps.config.appName, table.industry, table.userRole, table.format),
            message: chairMessage(table.question, table.format, turns, rounds, situation.text),
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
            identity: situation.identity,
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
    const parent = await findOwnedRoundtable(this.deps.db, table.followUpOf, accountOwner(table.userId));
    if (!parent) return null;
    const turns = await turnsOf(this.deps.db, parent.id);
    const synthesis = turns.find((m) => m.role === 'assistant' && m.executiveRole === CHAIR_SEAT && m.status === 'complete');
    const own = table.addressTo ? turns.filter((m) => m.executiveRole === table.addressTo && m.status === 'complete').at(-1) : undefined;
    return { question: parent.question, synthesis: synthesis?.content ?? null, ownStance: own?.stance ?? null };
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
    identity: TurnIdentity;
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
        const outcome = await runSeatTurn(this.deps, this.slots, {
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
          identity: input.identity,
        });
        tokensUsed = Math.max(tokensUsed, outcome.tokensUsed);
        return outcome.turn;
      }),
    );
    const order = (o: TurnOutcome) => plan.seats.indexOf(o.row.executiveRole ?? '');
    return { turns: [...kept, ...results].sort((a, b) => order(a) - order(b)), tokensUsed };
  }
}
