import { formatMemoryDate, memoryLimits } from '#contract/memory.ts';
import type { Db } from '#server/db/client.ts';
import type { Owner } from '#server/db/ownership.ts';
import * as queries from './memory.queries.ts';

/**
 * Outcomes remembered (issue 33, point 5; decision 082): a decision marked done with what happened
 * becomes a saved fact (source `decision`, its conversation, dated today), which the prompt ranks
 * into every advisor's context like any fact, so a similar decision later recalls it. Premium and
 * memory on only; an edit of the outcome updates the same fact; clearing it deletes the fact.
 */

export interface OutcomeInput {
  owner: Owner;
  premium: boolean;
  decision: { id: string; text: string; sessionId: string | null; createdAt: Date; status: string; outcome: string | null };
  /** The fact it became before, if any. */
  factId: string | null;
  /** Today (YYYY-MM-DD), the fact's date. */
  today: string;
}

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim().replace(/[.!?;:]+$/, '');
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

/** "Decision on March 3, 2026: <decision>. What happened: <outcome>." within a fact's length. */
export function outcomeFactText(decision: { text: string; createdAt: Date }, outcome: string): string {
  const head = `Decision on ${formatMemoryDate(decision.createdAt.toISOString())}: `;
  const decided = clip(decision.text, 110);
  const room = memoryLimits.factText - head.length - decided.length - '. What happened: .'.length;
  return `${head}${decided}. What happened: ${clip(outcome, room)}.`;
}

/** Writes (or updates, or removes) the outcome's fact; answers the fact's id to keep on the decision, or null. */
export async function rememberOutcome(db: Db, input: OutcomeInput): Promise<string | null> {
  const { decision } = input;
  const remember = input.premium && decision.status === 'done' && decision.outcome !== null;
  const existing = input.factId ? await queries.findFact(db, input.owner, input.factId) : undefined;
  if (!remember) {
    // Cleared, or reopened: the fact goes. A Free account (or a downgraded one) keeps the outcome on the decision only.
    if (existing && decision.outcome === null) await queries.deleteFact(db, input.owner, existing.id);
    return decision.outcome === null ? null : (existing?.id ?? null);
  }
  const profile = await queries.findProfile(db, input.owner);
  if (profile?.paused) return existing?.id ?? null;
  const text = outcomeFactText(decision, decision.outcome!);
  if (existing) {
    if (existing.text !== text) await queries.updateFact(db, input.owner, existing.id, { text, statedOn: input.today, status: 'saved' });
    return existing.id;
  }
  return db.transaction(async (tx) => {
    await queries.lockProfile(tx, input.owner);
    // The account's bound holds: past it the outcome stays on the decision (the page says how many facts there are).
    if ((await queries.countFacts(tx, input.owner, 'saved')) >= memoryLimits.savedFacts) return null;
    const [id] = await queries.insertFacts(tx, input.owner, [{ text, status: 'saved', source: 'decision', sessionId: decision.sessionId, messageId: decision.id, statedOn: input.today }]);
    return id ?? null;
  });
}
