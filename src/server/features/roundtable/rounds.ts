import type { RoundtableFormat, RoundtableStopReason, RoundtableTurnKind } from '#contract/roundtable.ts';

/**
 * The debate's shape, as pure functions (docs/decisions/026-roundtables.md): who speaks in which
 * round, the sides of a head-to-head, and when the table moves on, stops early or hands over to the
 * chair. What each seat is told is in round-prompts.ts; how a stance is read, in stances.ts.
 */

/** Output limits per kind of turn: openings say the most, rebuttals and one-seat answers less; the chair writes the longest. */
export const OUTPUT_TOKENS: Record<RoundtableTurnKind, number> = { opening: 700, rebuttal: 400, answer: 600, synthesis: 900 };
/** What the chair's synthesis is assumed to cost: seats stop speaking this far before the budget so the chair can still sum up. */
export const CHAIR_RESERVE_TOKENS = 2_500;

export type Side = 'for' | 'against';

export interface TablePlan {
  format: RoundtableFormat;
  seats: readonly string[];
  maxRounds: number;
  /** A follow-up to one seat: only it answers, once, and there is no synthesis. */
  addressTo: string | null;
}

/** Head-to-head: the first executive argues for, the second against. */
export function sideOf(plan: Pick<TablePlan, 'format' | 'seats'>, seat: string): Side | null {
  if (plan.format !== 'head-to-head') return null;
  return plan.seats.indexOf(seat) === 0 ? 'for' : 'against';
}

/**
 * A head-to-head's two sides, from the question (issue 31, point 4): "Should we build or buy the
 * platform?" gives "build" and "buy the platform"; each seat takes one. A question with no either/or
 * gives the proposal and the case against it.
 */
export function headToHeadSides(question: string): [string, string] {
  const core = question
    .trim()
    .replace(/[?.!\s]+$/, '')
    .replace(/^(?:(?:so|ok|okay|well),?\s+)?(?:should|shall|do|would|could|can|must)\s+(?:we|i|they|the company|our company)\s+(?:rather\s+)?/i, '')
    .replace(/^(?:is it better to|which is better:?|what is better:?)\s+/i, '');
  const split = /^(.*?\S)\s*,?\s+(?:or|vs\.?|versus)\s+(\S.*)$/i.exec(core);
  if (split) {
    const left = split[1]!.split(/[:;]\s+/).at(-1)!.trim();
    const right = split[2]!.replace(/,?\s+(?:or|vs\.?|versus)\s+.*$/i, '').trim();
    if (left && right) return [left, right];
  }
  const proposal = question.trim().replace(/\s+/g, ' ');
  return [`yes to what the user asks: ${proposal}`, `no: the case against it`];
}

export function kindOfRound(plan: TablePlan, round: number): RoundtableTurnKind {
  if (plan.addressTo) return 'answer';
  return round === 1 ? 'opening' : 'rebuttal';
}

/** The seats that speak in a round: every seat still in the debate (a failed seat sits out the rest), or the addressed one. */
export function speakersOf(plan: TablePlan, stillSeated: readonly string[]): string[] {
  if (plan.addressTo) return [plan.addressTo];
  return plan.seats.filter((seat) => stillSeated.includes(seat));
}

export type NextStep = { next: 'round'; round: number } | { next: 'synthesis'; stopReason: RoundtableStopReason } | { next: 'end'; stopReason: RoundtableStopReason };

/**
 * After a round: another round, the chair, or the end. Early stop: from the rebuttal on, a round in
 * which no seat changed its stance ends the debate (another round would only repeat it). The budget
 * ends the debate when what is left would not pay for the chair, and the whole table once spent.
 */
export function nextStep(input: {
  plan: TablePlan;
  round: number;
  /** Seats that spoke successfully this round. */
  spoke: readonly string[];
  /** Seats whose stance changed this round. */
  changed: readonly string[];
  tokensUsed: number;
  tokenBudget: number;
}): NextStep {
  const { plan, round } = input;
  if (input.spoke.length === 0) return { next: 'end', stopReason: 'seats-failed' };
  if (plan.addressTo) return { next: 'end', stopReason: 'max-rounds' };
  if (input.tokensUsed >= input.tokenBudget) return { next: 'end', stopReason: 'budget' };
  if (input.tokensUsed >= input.tokenBudget - CHAIR_RESERVE_TOKENS && round < plan.maxRounds) return { next: 'synthesis', stopReason: 'budget' };
  if (round >= plan.maxRounds) return { next: 'synthesis', stopReason: 'max-rounds' };
  // A debate needs two voices: when only one seat is left, the chair sums up what was said.
  if (input.spoke.length < 2) return { next: 'synthesis', stopReason: 'seats-failed' };
  if (round >= 2 && input.changed.length === 0) return { next: 'synthesis', stopReason: 'consensus' };
  return { next: 'round', round: round + 1 };
}
