import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
// Relative, not #contract/*: drizzle-kit loads the schema on its own.
import { decisionKinds, decisionStatuses } from '../../../contract/decisions.ts';
import { timestamptz } from './columns.ts';
import { ownerId } from './accounts.ts';
import { chatSessions } from './chat.ts';
import { companyFacts } from './memory.ts';

/** The decision log. */

/**
 * The decision log (features/decisions, docs/decisions/034-decision-log.md): a decision or an action
 * item saved from an advisor's reply, with its owner, due date and the day to follow it up. It outlives
 * its conversation (the link goes null); account deletion removes it (features/account).
 */
export const decisions = pgTable(
  'decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    sessionId: uuid('session_id').references(() => chatSessions.id, { onDelete: 'set null' }),
    /** The reply it was saved from (no foreign key: deleting the reply keeps the decision). */
    messageId: uuid('message_id'),
    kind: text('kind', { enum: decisionKinds }).notNull(),
    text: text('text').notNull(),
    owner: text('owner'),
    dueDate: date('due_date', { mode: 'string' }),
    followUpOn: date('follow_up_on', { mode: 'string' }),
    status: text('status', { enum: decisionStatuses }).notNull().default('open'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** When a follow-up conversation was opened for it: the welcome card asks once. */
    followedUpAt: timestamptz('followed_up_at'),
    /** "How did it go?": what happened, told when it was marked done (issue 33, point 5; decision 082). */
    outcome: text('outcome'),
    /** The saved fact the outcome became (Premium, memory on); an edit of the outcome updates it. Null once that fact is deleted. */
    outcomeFactId: uuid('outcome_fact_id').references((): AnyPgColumn => companyFacts.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('decisions_kind_check', sql`${t.kind} in ('decision', 'action')`),
    check('decisions_status_check', sql`${t.status} in ('open', 'done', 'dropped')`),
    index('decisions_user_status_follow_up_idx').on(t.userId, t.status, t.followUpOn),
  ],
);
export type Decision = typeof decisions.$inferSelect;
