/**
 * The reply engine's public surface, for the chat feature's services and, through the chat
 * feature's index.ts, for the features that build on it (documents: context providers;
 * roundtables: saving a turn's progress). See README.md in this folder.
 */
export { HISTORY_LIMIT, type ContextProvider, type ContextRequest, type ReplyContext, type ReplyJob } from './prompt.ts';
export type { AfterReply, ReplyEngine } from './reply-engine.ts';
export { parseLastEventId, type ReplyEventSink } from './reply-view.ts';
export { replyEnginePlugin, type ReplyEnginePluginOptions } from './replies.plugin.ts';
