/**
 * The reply engine's public surface, for the chat feature's services and, through the chat
 * feature's index.ts, for the features that build on it (documents: context providers;
 * roundtables: turns on one event stream). See README.md in this folder.
 */
export { HISTORY_LIMIT, type ContextProvider, type ContextRequest, type ReplyContext, type ReplyJob } from './prompt.ts';
export { ReplyEngine } from './reply-engine.ts';
export { parseLastEventId, type ReplyEventSink } from './reply-view.ts';
export { ABANDONED_AFTER_MS, HEARTBEAT_MS, RECOVERY_SWEEP_MS, replyEnginePlugin, type ReplyEnginePluginOptions } from './replies.plugin.ts';
export type { ReplyUsage, TurnFinal, TurnStreamEvent } from './stream-events.ts';
export { streamTurn, type TurnRequest, type TurnResult } from './turn.ts';
export { decideOutcome, TurnAbort, abortKind, type Outcome } from './outcome.ts';
export { createThrottledSaver, SAVE_INTERVAL_MS } from './throttled-saver.ts';
