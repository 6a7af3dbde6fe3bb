import { eq, sql, type SQL } from 'drizzle-orm';
import type { Slot } from './client.ts';
import {
  analysisCallDays,
  chatMessages,
  chatSessions,
  chatSessionSummaries,
  companyFacts,
  companyProfiles,
  conversationNotes,
  decisions,
  documentChunks,
  documentPins,
  documents,
  payments,
  pendingUploads,
  roundtables,
  toolCallDays,
} from './schema.ts';

/**
 * Who owns a row (issue 30, point 4; decision 069): today an account; later, a workspace. Every
 * query that reads or writes someone's rows takes an Owner and filters with its table's predicate
 * below, never with a user id of its own; a new row takes its owner columns from ownerColumns. A new
 * kind of owner is then a change here, not in every query. Someone else's row is simply not found
 * (DESIGN.md: ownership in the WHERE).
 *
 * Tables owned directly (a user_id column): chat_sessions, chat_session_summaries, documents,
 * pending_uploads, analysis_call_days, tool_call_days, payments, roundtables, decisions,
 * company_profiles, company_facts, document_pins. Owned through another row: chat_messages and
 * conversation_notes (their conversation), document_chunks and passage_embeddings (their document);
 * chat_session_search is read only joined to the owner's conversations (history/search.queries.ts).
 * Not owned rows, and so not here: users itself, sign-in sessions and throttles, contact messages,
 * jobs, the admin audit log, Stripe events, page-view counts.
 */
export interface Owner {
  readonly userId: string;
}

/** The owner a signed-in caller acts as. */
export function ownerOf(caller: { user: { id: string } }): Owner {
  return accountOwner(caller.user.id);
}

/** The owner recorded on background work (a reply's job, a title): the account it was started for. */
export function accountOwner(userId: string): Owner {
  return { userId };
}

/**
 * The owner of a statement built once (db/client.ts, builtOnce): a slot in the statement's text where
 * each call binds `ownerValues(owner)`. The predicates below take it as they take an Owner.
 */
export function ownerSlot(slot: Slot): Owner {
  return { userId: slot('ownerUserId') as unknown as string };
}

/** What a statement built with ownerSlot binds for `owner`. */
export function ownerValues(owner: Owner): { ownerUserId: string } {
  return { ownerUserId: owner.userId };
}

/** The owner columns of a new row of a table owned directly. */
export function ownerColumns(owner: Owner): { userId: string } {
  return { userId: owner.userId };
}

/** The ids of the owner's conversations and documents: rows owned through them are filtered by these. */
const ownedSessionIds = (owner: Owner): SQL => sql`select ${chatSessions.id} from ${chatSessions} where ${ownedBy.chatSessions(owner)}`;
const ownedDocumentIds = (owner: Owner): SQL => sql`select ${documents.id} from ${documents} where ${ownedBy.documents(owner)}`;

/** One predicate per owned table: the rows `owner` may read and change. */
export const ownedBy = {
  chatSessions: (owner: Owner): SQL => eq(chatSessions.userId, owner.userId),
  chatSessionSummaries: (owner: Owner): SQL => eq(chatSessionSummaries.userId, owner.userId),
  /** A conversation's messages belong to the conversation's owner. */
  chatMessages: (owner: Owner): SQL => sql`${chatMessages.sessionId} in (${ownedSessionIds(owner)})`,
  /** A conversation's note belongs to the conversation's owner (its user_id column is the owner's too, written by ownerColumns). */
  conversationNotes: (owner: Owner): SQL => sql`${conversationNotes.sessionId} in (${ownedSessionIds(owner)})`,
  documents: (owner: Owner): SQL => eq(documents.userId, owner.userId),
  /** A document's passages belong to the document's owner. */
  documentChunks: (owner: Owner): SQL => sql`${documentChunks.documentId} in (${ownedDocumentIds(owner)})`,
  /**
   * A passage's vector belongs to the document's owner. passage_embeddings is not in schema.ts (it
   * exists only with pgvector, migration 0024): `table` is how the statement names it (an alias).
   */
  passageEmbeddings: (owner: Owner, table: SQL = sql`passage_embeddings`): SQL => sql`${table}.document_id in (${ownedDocumentIds(owner)})`,
  pendingUploads: (owner: Owner): SQL => eq(pendingUploads.userId, owner.userId),
  analysisCallDays: (owner: Owner): SQL => eq(analysisCallDays.userId, owner.userId),
  toolCallDays: (owner: Owner): SQL => eq(toolCallDays.userId, owner.userId),
  payments: (owner: Owner): SQL => eq(payments.userId, owner.userId),
  roundtables: (owner: Owner): SQL => eq(roundtables.userId, owner.userId),
  decisions: (owner: Owner): SQL => eq(decisions.userId, owner.userId),
  companyProfiles: (owner: Owner): SQL => eq(companyProfiles.userId, owner.userId),
  companyFacts: (owner: Owner): SQL => eq(companyFacts.userId, owner.userId),
  documentPins: (owner: Owner): SQL => eq(documentPins.userId, owner.userId),
};
