import { visibleWhileStreaming } from '#contract/roundtable-text.ts';
import type { RoundtableDto, RoundtableTurn, RtDeltaEvent, RtDoneEvent, RtRoundEndEvent, RtToolsEvent, RtTurnEndEvent, RtTurnStartEvent } from '#contract/roundtable.ts';

/** One event of GET /api/roundtables/:id/stream, parsed. */
export type TableEvent =
  | { type: 'snapshot'; roundtable: RoundtableDto }
  | ({ type: 'turn-start' } & RtTurnStartEvent)
  | ({ type: 'delta' } & RtDeltaEvent)
  | ({ type: 'turn-end' } & RtTurnEndEvent)
  | ({ type: 'tools' } & RtToolsEvent)
  | ({ type: 'round-end' } & RtRoundEndEvent)
  | { type: 'synthesis'; turnId: string; content: string }
  | ({ type: 'done' } & RtDoneEvent)
  | { type: 'error'; message: string };

/** The table as the screen holds it: the server's shape, plus each streaming turn's raw words (its stance block still arriving). */
export interface TableState {
  table: RoundtableDto;
  raw: Record<string, string>;
  /** Seats whose stance changed in the last round that ended. */
  changedSeats: string[];
  error: string | null;
}

export function initialState(table: RoundtableDto): TableState {
  return { table, raw: {}, changedSeats: [], error: null };
}

const byOrder = (table: RoundtableDto) => (a: RoundtableTurn, b: RoundtableTurn) =>
  a.round - b.round || seatIndex(table, a.seat) - seatIndex(table, b.seat);
const seatIndex = (table: RoundtableDto, seat: string) => table.seats.findIndex((s) => s.role === seat);

function upsert(table: RoundtableDto, turn: RoundtableTurn): RoundtableDto {
  if (turn.kind === 'synthesis') return { ...table, synthesis: turn };
  const turns = [...table.turns.filter((t) => t.id !== turn.id), turn].sort(byOrder(table));
  return { ...table, turns };
}

function findTurn(table: RoundtableDto, id: string): RoundtableTurn | undefined {
  return table.synthesis?.id === id ? table.synthesis : table.turns.find((t) => t.id === id);
}

/**
 * Applies one stream event (pure). A turn's start resets it (a reader that follows from the start of
 * the hub's log rebuilds every turn of this run from its deltas); a snapshot replaces everything.
 */
export function applyTableEvent(state: TableState, event: TableEvent): TableState {
  const { table } = state;
  switch (event.type) {
    case 'snapshot':
      return { ...state, table: event.roundtable, raw: {} };
    case 'turn-start': {
      const turn: RoundtableTurn = { id: event.turnId, round: event.round, kind: event.kind, seat: event.seat, role: 'assistant', content: '', stance: null, status: 'streaming', error: null, promptTokens: null, completionTokens: null };
      return { ...state, table: upsert(table, turn), raw: { ...state.raw, [event.turnId]: '' } };
    }
    case 'delta': {
      const turn = findTurn(table, event.turnId);
      if (!turn || turn.status !== 'streaming') return state;
      const raw = (state.raw[event.turnId] ?? turn.content) + event.text;
      const content = turn.kind === 'synthesis' ? raw : visibleWhileStreaming(raw);
      return { ...state, table: upsert(table, { ...turn, content }), raw: { ...state.raw, [event.turnId]: raw } };
    }
    case 'turn-end': {
      const turn = findTurn(table, event.turnId);
      if (!turn) return state;
      return { ...state, table: upsert(table, { ...turn, status: event.status, content: event.content, stance: event.stance, error: event.error }) };
    }
    case 'tools': {
      // A seat's tool calls so far, whole (issue 32): replaces what the turn had.
      const turn = findTurn(table, event.turnId);
      if (!turn) return state;
      return { ...state, table: upsert(table, { ...turn, tools: event.tools }) };
    }
    case 'round-end':
      return { ...state, changedSeats: event.changedSeats };
    case 'synthesis':
      return state;
    case 'done':
      return { ...state, table: { ...table, status: event.status, stopReason: event.stopReason, tokensUsed: event.tokensUsed } };
    case 'error':
      return { ...state, error: event.message, table: table.status === 'running' ? { ...table, status: 'failed' } : table };
  }
}

/** The stream's events, from their SSE name and JSON data; null for anything else. */
export function toTableEvent(name: string, data: string): TableEvent | null {
  try {
    const parsed = JSON.parse(data) as Record<string, unknown>;
    switch (name) {
      case 'snapshot':
      case 'turn-start':
      case 'delta':
      case 'turn-end':
      case 'tools':
      case 'round-end':
      case 'synthesis':
      case 'done':
      case 'error':
        return { type: name, ...parsed } as TableEvent;
      default:
        return null;
    }
  } catch {
    return null;
  }
}

export function isFinalTableEvent(event: TableEvent): boolean {
  return event.type === 'done' || event.type === 'error';
}

/**
 * Seats of one round stream at once; the screen lets them speak in turn: a seat's words show once
 * every seat before it in the round has finished (the rest say they are waiting to speak).
 */
export function revealedTurns(turns: readonly RoundtableTurn[]): Set<string> {
  const shown = new Set<string>();
  const rounds = new Map<number, RoundtableTurn[]>();
  for (const turn of turns) rounds.set(turn.round, [...(rounds.get(turn.round) ?? []), turn]);
  for (const list of rounds.values()) {
    for (const turn of list) {
      shown.add(turn.id);
      if (turn.status === 'streaming') break;
    }
  }
  return shown;
}

/** Each seat's latest stance, and whether it changed from the one before. */
export function latestStances(table: RoundtableDto): Map<string, { stance: NonNullable<RoundtableTurn['stance']>; changed: boolean }> {
  const result = new Map<string, { stance: NonNullable<RoundtableTurn['stance']>; changed: boolean }>();
  for (const turn of table.turns) {
    if (!turn.stance || turn.status !== 'complete') continue;
    result.set(turn.seat, { stance: turn.stance, changed: turn.stance.changed });
  }
  return result;
}
