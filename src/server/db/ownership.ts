import { eq, sql, type SQL } from 'drizzle-orm';
import { analysisCallDays, chatMessages, chatSessions, chatSessionSummaries, decisions, documentChunks, documents, payments, pendingUploads, roundtables } from './schema.ts';

/**
 * Who owns a row (issue 30, point 4; decision 069): today an account; later, a workspace. Every
 * query that reads or writes someone's rows takes an Owner and filters with its table's predicate
 * below, never with a user id of its own: a new kind of owner is then a change here, not in every
 * query. Someone else's row is simply not found (DESIGN.md: ownership in the WHERE).
 */
export interface Owner {
  readonly userId: string;
}

/** The owner a signed-in caller acts as. */
export function ownerOf(caller: { user: { id: string } }): Owner {
  return { userId: caller.user.id };
}

/** The owner columns of a new row of a table owned directly. */
export function ownerColumns(owner: Owner): { userId: string } {
  return { userId: owner.userId };
}

/** One predicate per owned table: the rows `owner` may read and change. */
export const ownedBy = {
  chatSessions: (owner: Owner): SQL => eq(chatSessions.userId, owner.userId),
  chatSessionSummaries: (owner: Owner): SQL => eq(chatSessionSummaries.userId, owner.userId),
  /** A conversation's messages belong to the conversation's owner. */
  chatMessages: (owner: Owner): SQL => sql`${chatMessages.sessionId} in (select ${chatSessions.id} from ${chatSessions} where ${chatSessions.userId} = ${owner.userId})`,
  documents: (owner: Owner): SQL => eq(documents.userId, owner.userId),
  /** A document's passages belong to the document's owner. */
  documentChunks: (owner: Owner): SQL => sql`${documentChunks.documentId} in (select ${documents.id} from ${documents} where ${documents.userId} = ${owner.userId})`,
  pendingUploads: (owner: Owner): SQL => eq(pendingUploads.userId, owner.userId),
  analysisCallDays: (owner: Owner): SQL => eq(analysisCallDays.userId, owner.userId),
  payments: (owner: Owner): SQL => eq(payments.userId, owner.userId),
  roundtables: (owner: Owner): SQL => eq(roundtables.userId, owner.userId),
  decisions: (owner: Owner): SQL => eq(decisions.userId, owner.userId),
};
