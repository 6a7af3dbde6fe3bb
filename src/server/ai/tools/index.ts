import type { ToolSet } from 'ai';
import type { Config } from '#server/config.ts';
import { calculateTool } from './calculate/calculate-tool.ts';
import { createSearchProvider, type SearchProvider } from './web-search/search-providers.ts';
import { webSearchTools } from './web-search/web-search-tools.ts';

/**
 * The tools an advisor may call in a turn (decisions 069 and 070), built for one turn: a tool's
 * identity, ownership and per-reply limits are bound when the set is made, never taken from the
 * model's arguments.
 *
 * A turn given a non-empty set runs the AI SDK's multi-step tool loop (ai/turn.ts); an empty one
 * runs the plain text path, so a reply that calls no tool pays nothing for tools.
 */
export type AdvisorTools = ToolSet;

/** No tools: the plain text path. */
export const noTools: AdvisorTools = {};

/** Model calls a turn with tools may make: each round of tool calls is one more call. */
export const MAX_TOOL_STEPS = 5;

/** What a turn's tools need from the configuration. */
export type ToolsConfig = Pick<Config['ai'], 'tools' | 'search'>;

/** Made once per app: the search provider (when configured) is shared by every turn. */
export interface AdvisorToolbox {
  /** The tools of one turn (fresh per-reply counters each time). */
  forTurn(): AdvisorTools;
  /** Whether any tool is on: false runs every turn on the plain path. */
  readonly enabled: boolean;
}

export function createToolbox(config: ToolsConfig): AdvisorToolbox {
  if (!config.tools) return { enabled: false, forTurn: () => noTools };
  const search: SearchProvider | null = config.search ? createSearchProvider(config.search) : null;
  return {
    enabled: true,
    forTurn: () => ({
      calculate: calculateTool(),
      ...(search ? webSearchTools(search, { allowAddresses: config.search?.allowAddresses }) : {}),
    }),
  };
}
