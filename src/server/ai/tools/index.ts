import type { ToolSet } from 'ai';

/**
 * The tools an advisor may call in a turn (decision 069). Empty for now: the advisor tools issue
 * adds `calculate`, `read_document` and `web_search` here, each built for one caller (its identity
 * and ownership bound when the set is made, never taken from the model's arguments).
 *
 * A turn given a non-empty set runs the AI SDK's multi-step tool loop (ai/turn.ts); an empty one
 * runs the plain text path, so a reply that calls no tool pays nothing for tools.
 */
export type AdvisorTools = ToolSet;

/** No tools: the plain text path. */
export const noTools: AdvisorTools = {};

/** Model calls a turn with tools may make: each round of tool calls is one more call. */
export const MAX_TOOL_STEPS = 5;
