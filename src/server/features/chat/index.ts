/**
 * What other features may use of the chat feature (ESLint allows imports of a feature only
 * through its index.ts): the caller's own conversation, and the reply engine's public surface
 * (context providers for documents; turns, the event hub's stream events and following for roundtables).
 */
export { findOwnedSession } from './sessions.service.ts';
// A document's analysis is written by an executive: the plan's executives only, as for a reply.
export { assertExecutiveAllowed } from './admission/send-rules.ts';
// A roundtable's turns are chat messages: they save their progress as a reply does.
export { saveReplyProgress, saveReplyTools } from './replies.queries.ts';
export * from './replies/index.ts';
// The decision log opens a follow-up conversation and asks its first question as a user would (decision 034).
export { createSession, deleteSession, type ChatDeps } from './sessions.service.ts';
// History deletes the caller's conversations with the one statement chat uses (ownership in the query).
export { deleteSessions } from './sessions.queries.ts';
export { sendMessage } from './messages.service.ts';
// The conversation's note (decision 083): written after a reply, read and edited by its owner.
export { updateNoteAfterReply } from './notes/note-writer.ts';
export { conversationNoteRoutes } from './notes/notes.routes.ts';
// A roundtable's seats are told the note with the rest of the situation.
export { findNote } from './notes/notes.queries.ts';
