import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, date, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
// Relative, not #contract/*: drizzle-kit loads the schema on its own.
import { chatMessageRoles, chatMessageStatuses } from '../../../contract/chat.ts';
import { roundtableFormats, roundtableStatuses, roundtableStopReasons, type Stance } from '../../../contract/roundtable.ts';
import type { ToolActivity } from '../../../contract/tools.ts';
import { timestamptz, tsvector } from './columns.ts';
import { ownerId } from './accounts.ts';

/** Conversations: sessions, messages, their summaries and search side, notes, and roundtables (whose turns are messages). */

/** Spec section 3, chat_sessions. executiveRole and industry are the advisor the user talks to; userRole is the user's own role. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    title: text('title').notNull(),
    executiveRole: text('executive_role').notNull(),
    industry: text('industry').notNull(),
    userRole: text('user_role').notNull(),
    /** When the user last renamed the conversation (decision 033); null while the title is the model's. Automatic titles never replace a renamed one. */
    titleRenamedAt: timestamptz('title_renamed_at'),
    /** How many messages (user and assistant) the conversation had when a title was last asked of the model: one call per count at most (decision 050). */
    titledAtMessages: integer('titled_at_messages').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('chat_sessions_user_updated_idx').on(t.userId, t.updatedAt.desc())],
);

/** The conversation a row belongs to: deleting the conversation deletes the row. */
export const conversationId = () => uuid('session_id').notNull().references(() => chatSessions.id, { onDelete: 'cascade' });
export type ChatSession = typeof chatSessions.$inferSelect;

/**
 * Spec section 3, chat_messages, plus the state of an assistant reply: it is inserted 'streaming'
 * and ends 'complete', 'stopped' (by the user) or 'failed' (error kept in `error`), with its partial text.
 * Timestamps are set by the server (not now(), which is the same for every row of a transaction) so a
 * user message always sorts before its reply; (timestamp, id) is the total order.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: conversationId(),
    role: text('role', { enum: chatMessageRoles }).notNull(),
    content: text('content').notNull().default(''),
    userRole: text('user_role'),
    executiveRole: text('executive_role'),
    documentIds: text('document_ids').array().notNull().default(sql`'{}'::text[]`),
    like: integer('like'),
    dislike: integer('dislike'),
    timestamp: timestamptz('timestamp').notNull().defaultNow(),
    status: text('status', { enum: chatMessageStatuses }).notNull().default('complete'),
    model: text('model'),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    error: text('error'),
    /**
     * When the runner writing this reply last showed it was alive (the insert, every progress save,
     * a retry). A 'streaming' reply whose heartbeat is older than the stall timeout has no runner
     * left on any instance (see ReplyEngine.recover in features/chat/replies).
     */
    heartbeatAt: timestamptz('heartbeat_at').notNull().defaultNow(),
    /**
     * A reply's free interaction: the UTC day it was counted against (null when none was, Premium).
     * Recovery gives it back when it settles a reply that was interrupted.
     */
    chargedDay: date('charged_day', { mode: 'string' }),
    /**
     * Roundtables (features/roundtable, decision 026): the question and every seat's turn are messages of
     * the conversation (so history, search and reopening see them), tagged with their table and round
     * (0: the question; the chair's synthesis: the round after the last). `executive_role` is the seat.
     */
    roundtableId: uuid('roundtable_id').references((): AnyPgColumn => roundtables.id, { onDelete: 'cascade' }),
    roundtableRound: integer('roundtable_round'),
    /** A seat's parsed stance (position, confidence, main risk, whether it changed). */
    stance: jsonb('stance').$type<Stance>(),
    /** The tools a reply called, as its reader saw them (issue 32, decision 070); null when none. */
    tools: jsonb('tools').$type<ToolActivity[]>(),
    /** Conversation history search (features/history): the words of `content`, kept by PostgreSQL itself. */
    searchVector: tsvector('search_vector').generatedAlwaysAs((): SQL => sql`to_tsvector('english'::regconfig, ${chatMessages.content})`),
  },
  (t) => [
    check('chat_messages_role_check', sql`${t.role} in ('user', 'assistant', 'system')`),
    check('chat_messages_status_check', sql`${t.status} in ('streaming', 'complete', 'failed', 'stopped')`),
    check('chat_messages_like_check', sql`${t.like} is null or ${t.like} = 1`),
    check('chat_messages_dislike_check', sql`${t.dislike} is null or ${t.dislike} = -1`),
    index('chat_messages_session_timestamp_idx').on(t.sessionId, t.timestamp),
    index('chat_messages_roundtable_idx')
      .on(t.roundtableId)
      .where(sql`${t.roundtableId} is not null`),
    // Start-up recovery looks for replies left 'streaming'; a partial index keeps that cheap.
    index('chat_messages_streaming_idx')
      .on(t.status)
      .where(sql`${t.status} = 'streaming'`),
  ],
);
/**
 * A message as the application reads it: every column but `search_vector`, which only search reads
 * inside the database (selecting it would send a copy of each message's words with every row), and
 * `heartbeat_at` and `charged_day`, which only recovery reads.
 */
export const chatMessageColumns = (() => {
  const { searchVector: _searchVector, heartbeatAt: _heartbeatAt, chargedDay: _chargedDay, ...columns } = getTableColumns(chatMessages);
  return columns;
})();
export type ChatMessage = Omit<typeof chatMessages.$inferSelect, 'searchVector' | 'heartbeatAt' | 'chargedDay'>;
export type NewChatMessage = typeof chatMessages.$inferInsert;

/**
 * What the conversation history list reads per conversation (features/history), one row per chat
 * session, kept by triggers (migrations 0002 to 0006; their current definitions are in
 * migrations/current-search-triggers.sql) so every writer of messages keeps it right.
 * Every message write bumps `change_seq`; the search document (chat_session_search) is rebuilt
 * lazily, before a search, for the user's rows with indexed_seq < change_seq. The row is kept
 * small and no index covers the columns the triggers update, so those updates stay HOT (in-page,
 * no index work, no bloat even without autovacuum). See docs/decisions/008-conversation-history-search.md.
 */
export const chatSessionSummaries = pgTable(
  'chat_session_summaries',
  {
    sessionId: conversationId().primaryKey(),
    userId: ownerId(),
    /** User and assistant messages (system notes are not counted). */
    messageCount: integer('message_count').notNull().default(0),
    /** The start of the latest question (user message): replies open alike, questions tell conversations apart. */
    preview: text('preview'),
    previewAt: timestamptz('preview_at'),
    changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(1),
    indexedSeq: bigint('indexed_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('chat_session_summaries_user_idx').on(t.userId)],
);
export type ChatSessionSummary = typeof chatSessionSummaries.$inferSelect;

/** The search side of a conversation (features/history), rebuilt from its messages when it changed. */
export const chatSessionSearch = pgTable(
  'chat_session_search',
  {
    sessionId: conversationId().primaryKey(),
    /** Title (weight A), executive role and industry (weight B). */
    meta: tsvector('meta').notNull(),
    /** The conversation's most frequent words, weighted A to C by frequency: what ranks message matches. Small, so ranking never reads `document`. */
    keywords: tsvector('keywords').notNull(),
    /** meta plus the words of every user and assistant message (weight D); used through its index. */
    document: tsvector('document').notNull(),
  },
  // A small pending list (migration 0017, decision 041): new entries wait there, cheap to write, but
  // every search reads all of it until it is merged, and PGlite never vacuums; 256 kB bounds that.
  (t) => [index('chat_session_search_document_idx').using('gin', t.document).with({ gin_pending_list_limit: 256 })],
);

/**
 * A roundtable or head-to-head (features/roundtable, docs/decisions/026-roundtables.md): several
 * executives debate the question of a message in the conversation, then a chair writes the
 * synthesis. Its turns are chat messages tagged with its id. Written in the background like a
 * reply; `heartbeat_at` tells other instances its runner is alive.
 */
export const roundtables = pgTable(
  'roundtables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: conversationId(),
    userId: ownerId(),
    format: text('format', { enum: roundtableFormats }).notNull(),
    question: text('question').notNull(),
    executiveRoles: text('executive_roles').array().notNull(),
    industry: text('industry').notNull(),
    userRole: text('user_role').notNull(),
    maxRounds: integer('max_rounds').notNull(),
    /** A follow-up to one seat: only it answers. */
    addressTo: text('address_to'),
    followUpOf: uuid('follow_up_of'),
    status: text('status', { enum: roundtableStatuses }).notNull().default('running'),
    stopReason: text('stop_reason', { enum: roundtableStopReasons }),
    tokenBudget: integer('token_budget').notNull(),
    tokensUsed: integer('tokens_used').notNull().default(0),
    heartbeatAt: timestamptz('heartbeat_at').notNull().defaultNow(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('roundtables_session_idx').on(t.sessionId, t.createdAt),
    index('roundtables_running_idx')
      .on(t.status)
      .where(sql`${t.status} = 'running'`),
  ],
);
export type Roundtable = typeof roundtables.$inferSelect;

/**
 * A conversation's rolling note (issue 31, point 5; decision 083): the facts, figures and decisions
 * the user stated in the turns that have left the context window, written by the model after a
 * reply and pinned in every prompt of the conversation. One per conversation; gone with it and with
 * the account. `coversThrough` is the timestamp of the newest message folded into it (null: nothing
 * folded yet, e.g. a note the user wrote).
 */
export const conversationNotes = pgTable('conversation_notes', {
  sessionId: conversationId().primaryKey(),
  userId: ownerId(),
  content: text('content').notNull(),
  coversThrough: timestamptz('covers_through'),
  /** Who wrote the current text: the model (after a reply) or the user (edited). */
  editedByUser: boolean('edited_by_user').notNull().default(false),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
export type ConversationNote = typeof conversationNotes.$inferSelect;
