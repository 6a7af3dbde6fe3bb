import { CHAIR_SEAT, type RoundtableDto, type RoundtableTurn } from '#contract/roundtable.ts';
import { personaSummary } from '#server/ai/personas/compose.ts';
import type { ChatMessage, Roundtable } from '#server/db/schema.ts';
import { kindOfRound, sideOf, type TablePlan } from './rounds.ts';
import { seatTitle } from './round-prompts.ts';
import { visibleWhileStreaming } from './stances.ts';

export function planOf(table: Roundtable): TablePlan {
  return { format: table.format, seats: table.executiveRoles, maxRounds: table.maxRounds, addressTo: table.addressTo };
}

export function toTurnDto(table: Roundtable, message: ChatMessage): RoundtableTurn {
  const seat = message.executiveRole ?? CHAIR_SEAT;
  const chair = seat === CHAIR_SEAT;
  const round = message.roundtableRound ?? 1;
  return {
    id: message.id,
    round,
    kind: chair ? 'synthesis' : kindOfRound(planOf(table), round),
    seat,
    role: 'assistant',
    // While a seat streams, its stance block is not shown (it arrives with the end of the turn).
    content: message.status === 'streaming' && !chair ? visibleWhileStreaming(message.content) : message.content,
    stance: message.stance ?? null,
    status: message.status,
    error: message.error,
    promptTokens: message.promptTokens,
    completionTokens: message.completionTokens,
    ...(message.tools && message.tools.length > 0 ? { tools: message.tools } : {}),
  };
}

/** A table as its readers get it: seats in the user's order, turns by round then seat, the chair's synthesis apart. */
export function toRoundtableDto(table: Roundtable, messages: readonly ChatMessage[]): RoundtableDto {
  const plan = planOf(table);
  const question = messages.find((m) => m.role === 'user');
  const turns = messages.filter((m) => m.role === 'assistant').map((m) => toTurnDto(table, m));
  const seatOrder = (seat: string) => (seat === CHAIR_SEAT ? 99 : table.executiveRoles.indexOf(seat));
  const seatTurns = turns.filter((t) => t.kind !== 'synthesis').sort((a, b) => a.round - b.round || seatOrder(a.seat) - seatOrder(b.seat));
  return {
    id: table.id,
    sessionId: table.sessionId,
    question: table.question,
    questionMessageId: question?.id ?? null,
    format: table.format,
    status: table.status,
    stopReason: table.stopReason,
    maxRounds: table.maxRounds,
    industry: table.industry,
    userRole: table.userRole,
    addressTo: table.addressTo,
    followUpOf: table.followUpOf,
    tokenBudget: table.tokenBudget,
    tokensUsed: table.tokensUsed,
    seats: table.executiveRoles.map((role) => ({ role, title: seatTitle(role), summary: personaSummary(role, table.industry), side: sideOf(plan, role) })),
    turns: seatTurns,
    synthesis: turns.find((t) => t.kind === 'synthesis') ?? null,
    createdAt: table.createdAt.toISOString(),
    updatedAt: table.updatedAt.toISOString(),
  };
}
