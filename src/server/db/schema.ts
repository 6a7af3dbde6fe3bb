/**
 * The database schema (Drizzle), one file per area under schema/. drizzle-kit reads this file
 * (drizzle.config.ts), and the app imports it whole (db/client.ts): every table is exported here.
 * The files import each other in one direction only (accounts <- chat <- documents <- memory <-
 * decisions; a roundtable's turns are messages, so roundtables live with the chat), with no cycle.
 */
export * from './schema/accounts.ts';
export * from './schema/chat.ts';
export * from './schema/billing.ts';
export * from './schema/documents.ts';
export * from './schema/operations.ts';
export * from './schema/decisions.ts';
export * from './schema/memory.ts';
