import type { Tool, ToolSet } from 'ai';
import type { Executor } from '#server/db/client.ts';
import type { Owner } from '#server/db/ownership.ts';
import { takeToolCall } from './tool-call-days.queries.ts';

/** An account's daily tool budget (decision 084): every call, and web searches apart (they cost the operator money). */
export interface DailyToolLimits {
  callsPerDay: number;
  searchesPerDay: number;
}

/** What the model reads when the account's budget for today is spent: an error it can act on, never a failed reply. */
export const DAILY_TOOL_LIMIT_REACHED = "Daily tool limit reached for this account; answer from what you have, without calling tools, and say that a figure was not computed if it matters.";
export const DAILY_SEARCH_LIMIT_REACHED = "Daily web search limit reached for this account; answer from what you have, without searching.";

/** Tools that count as a web search as well as a call. */
const SEARCH_TOOLS = new Set(['web_search', 'read_web_page']);

/**
 * The tools of one turn with the account's daily budget in front of each: a call is counted before it
 * runs; when the budget is spent the call is not run and the model reads why (the turn makes a thrown
 * error an `error-text` result, decision 069), so the reply goes on.
 */
export function withDailyLimits(tools: ToolSet, db: Executor, owner: Owner, limits: DailyToolLimits): ToolSet {
  const limited: ToolSet = {};
  for (const [name, tool] of Object.entries(tools)) {
    const execute = tool.execute;
    if (!execute) {
      limited[name] = tool;
      continue;
    }
    const search = SEARCH_TOOLS.has(name);
    limited[name] = {
      ...tool,
      // A generator: the turn reads an async iterable's last piece as the output, so a tool that streams still does.
      execute: async function* (input: unknown, options: Parameters<NonNullable<Tool['execute']>>[1]) {
        if (!(await takeToolCall(db, owner, search, limits))) throw new Error(search ? DAILY_SEARCH_LIMIT_REACHED : DAILY_TOOL_LIMIT_REACHED);
        const running: unknown = execute(input as never, options);
        if (running && typeof running === 'object' && Symbol.asyncIterator in running) yield* running as AsyncIterable<unknown>;
        else yield await running;
      },
    } as Tool;
  }
  return limited;
}
