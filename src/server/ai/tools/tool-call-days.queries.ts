import { and, lt, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { ownedBy, ownerColumns, type Owner } from '#server/db/ownership.ts';
import { toolCallDays } from '#server/db/schema.ts';
import type { DailyToolLimits } from './daily-limits.ts';

/**
 * Takes one tool call from the account's budget for today (UTC), atomically: one statement that
 * inserts today's row or adds one where the count is under the limit (the shape of document analyses'
 * daily budget, decision 052). Answers whether the call may run.
 */
export async function takeToolCall(db: Executor, owner: Owner, search: boolean, limits: DailyToolLimits): Promise<boolean> {
  const today = sql`(now() at time zone 'utc')::date`;
  const rows = await db
    .insert(toolCallDays)
    .values({ ...ownerColumns(owner), day: today, calls: 1, searches: search ? 1 : 0 })
    .onConflictDoUpdate({
      target: [toolCallDays.userId, toolCallDays.day],
      set: { calls: sql`${toolCallDays.calls} + 1`, ...(search ? { searches: sql`${toolCallDays.searches} + 1` } : {}) },
      setWhere: and(ownedBy.toolCallDays(owner), lt(toolCallDays.calls, limits.callsPerDay), search ? lt(toolCallDays.searches, limits.searchesPerDay) : undefined),
    })
    .returning({ calls: toolCallDays.calls, searches: toolCallDays.searches });
  const row = rows[0];
  // A first call of the day inserts 1 even where a limit is 0: such a limit refuses every call.
  return row !== undefined && row.calls <= limits.callsPerDay && (!search || row.searches <= limits.searchesPerDay);
}
