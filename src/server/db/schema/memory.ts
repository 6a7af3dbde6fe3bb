import { sql } from 'drizzle-orm';
import { boolean, check, date, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
// Relative, not #contract/*: drizzle-kit loads the schema on its own.
import { factSources, factStatuses, type CompanyProfileFields } from '../../../contract/memory-text.ts';
import { timestamptz } from './columns.ts';
import { ownerId } from './accounts.ts';
import { chatSessions } from './chat.ts';
import { documents } from './documents.ts';

/** Company memory: the profile, the facts and the pinned documents. */

/**
 * Company memory (features/memory, docs/decisions/073-company-memory.md): the profile every advisor
 * reads, one row per account. The fields are one JSON object checked by the contract's schema
 * (src/contract/memory.ts); `field_dates` keeps when each field last changed. `paused`: nothing of
 * the memory reaches a prompt.
 */
export const companyProfiles = pgTable('company_profiles', {
  userId: ownerId().primaryKey(),
  fields: jsonb('fields').$type<CompanyProfileFields>().notNull().default({}),
  fieldDates: jsonb('field_dates').$type<Record<string, string>>().notNull().default({}),
  paused: boolean('paused').notNull().default(false),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
export type CompanyProfile = typeof companyProfiles.$inferSelect;

/**
 * A fact about the user's company: proposed under a reply ("Remember this?") until the user saves
 * or dismisses it, or typed on the memory page, or learned from a decision's outcome. Facts, never
 * preferences about how to be advised (issue 33).
 */
export const companyFacts = pgTable(
  'company_facts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    text: text('text').notNull(),
    status: text('status', { enum: factStatuses }).notNull(),
    source: text('source', { enum: factSources }).notNull(),
    sessionId: uuid('session_id').references(() => chatSessions.id, { onDelete: 'set null' }),
    /** The reply it was proposed under, or the decision it came from (no foreign key). */
    messageId: uuid('message_id'),
    statedOn: date('stated_on', { mode: 'string' }).notNull().default(sql`current_date`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('company_facts_status_check', sql`${t.status} in ('proposed', 'saved')`),
    check('company_facts_source_check', sql`${t.source} in ('conversation', 'manual', 'decision')`),
    // The prompt's one query: the account's saved facts, newest first.
    index('company_facts_user_status_updated_idx').on(t.userId, t.status, t.updatedAt),
    index('company_facts_session_idx').on(t.sessionId),
  ],
);
export type CompanyFact = typeof companyFacts.$inferSelect;

/**
 * A document pinned to the company (issue 33, point 2; docs/decisions/082-pinned-documents-and-outcomes.md):
 * read_document reads it in any of the account's conversations. At most `memoryLimits.pinnedDocuments`
 * per account; it goes with its document and with the account.
 */
export const documentPins = pgTable(
  'document_pins',
  {
    userId: ownerId(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentId] }), index('document_pins_document_idx').on(t.documentId)],
);
export type DocumentPin = typeof documentPins.$inferSelect;
