import type { ToolSet } from 'ai';
import type { Config } from '#server/config.ts';
import type { Executor } from '#server/db/client.ts';
import type { Owner } from '#server/db/ownership.ts';
import { calculateTool } from './calculate/calculate-tool.ts';
import { createSearchProvider, type SearchProvider } from './web-search/search-providers.ts';
import { webSearchTools } from './web-search/web-search-tools.ts';
import { readDocumentTool } from './read-document/read-document-tool.ts';
import type { PassageVectors } from './read-document/passage-vectors.ts';
import { withDailyLimits } from './daily-limits.ts';

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
export type ToolsConfig = Pick<Config['ai'], 'tools' | 'search'> & Partial<Pick<Config['ai'], 'toolLimits'>>;

/** Who a turn acts for, bound into its tools (never taken from the model's arguments). */
export interface TurnIdentity {
  /** Whose documents and daily budget the turn's tools use. */
  owner: Owner;
  /** The conversation: read_document reads only its documents. */
  sessionId: string;
  /** Whether the conversation's messages name documents: read_document is offered then. */
  hasDocuments: boolean;
  /**
   * The caller's documents pinned to the company (decision 082; Premium, memory not paused), as the
   * memory block's query found them: read_document reads them too, in any conversation, and is
   * offered when there are some even if the conversation names no document.
   */
  pinnedDocumentIds?: readonly string[];
  /** Whether the account has Premium: its daily tool budget (decision 084). Free when unset. */
  premium?: boolean;
}

/** Whether read_document has anything to read for this identity. */
export const mayReadDocuments = (identity: TurnIdentity | undefined): identity is TurnIdentity => Boolean(identity && (identity.hasDocuments || (identity.pinnedDocumentIds?.length ?? 0) > 0));

/** Made once per app: the search provider (when configured) is shared by every turn. */
export interface AdvisorToolbox {
  /** The tools of one turn (fresh per-reply counters each time); with an identity, the tools that act for it. */
  forTurn(identity?: TurnIdentity): AdvisorTools;
  /** Whether any tool is on: false runs every turn on the plain path. */
  readonly enabled: boolean;
}

/**
 * `db`: the database read_document reads the caller's passages from (without it, no read_document);
 * `vectors`: vector similarity for its ranking, when the provider and the database offer it (decision 085).
 */
export function createToolbox(config: ToolsConfig, deps: { db?: Executor; vectors?: PassageVectors | null } = {}): AdvisorToolbox {
  if (!config.tools) return { enabled: false, forTurn: () => noTools };
  const search: SearchProvider | null = config.search ? createSearchProvider(config.search) : null;
  return {
    enabled: true,
    forTurn: (identity) => {
      const tools: AdvisorTools = {
        calculate: calculateTool(),
        ...(search ? webSearchTools(search, { allowAddresses: config.search?.allowAddresses }) : {}),
        ...(deps.db && mayReadDocuments(identity)
          ? { read_document: readDocumentTool(deps.db, { owner: identity.owner, sessionId: identity.sessionId, pinnedDocumentIds: identity.pinnedDocumentIds ?? [] }, { vectors: deps.vectors }) }
          : {}),
      };
      // Each call counts against the account's budget for the day (decision 084), decided on the server.
      if (!deps.db || !identity || !config.toolLimits) return tools;
      return withDailyLimits(tools, deps.db, identity.owner, identity.premium ? config.toolLimits.premium : config.toolLimits.free);
    },
  };
}
