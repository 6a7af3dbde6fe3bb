/**
 * What other features may use of the chat feature (ESLint allows imports of a feature only
 * through its index.ts): the caller's own conversation, and the reply engine's public surface
 * (context providers for documents; turns, the event hub's stream events and following for roundtables).
 */
export { findOwnedSession } from './sessions.service.ts';
export * from './replies/index.ts';
