import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// Relative, not #contract/*: drizzle-kit loads this file on its own.
import { subscriptionLevels, subscriptionStatuses } from '../../contract/billing.ts';
import { chatMessageRoles, chatMessageStatuses } from '../../contract/chat.ts';
import { roundtableFormats, roundtableStatuses, roundtableStopReasons, type Stance } from '../../contract/roundtable.ts';
import { decisionKinds, decisionStatuses } from '../../contract/decisions.ts';
import type { ToolActivity } from '../../contract/tools.ts';
import { factSources, factStatuses, type CompanyProfileFields } from '../../contract/memory-text.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** PostgreSQL full-text search vector, read as its text form (only SQL ever looks inside it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Spec section 3, users. Passwords are argon2id hashes; the reset token is stored as a SHA-256 hash. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    password: text('password').notNull(),
    appUserType: text('app_user_type', { enum: ['standard', 'subscriber', 'vip', 'admin'] }).notNull().default('standard'),
    dailyInteractionsUsed: integer('daily_interactions_used').notNull().default(0),
    dailyAttachmentsUsed: integer('daily_attachments_used').notNull().default(0),
    /** UTC day the daily counters above belong to. */
    lastInteractionDate: date('last_interaction_date', { mode: 'string' }),
    resetToken: text('reset_token'),
    resetTokenExpires: timestamptz('reset_token_expires'),
    /** The address the reset link was mailed to: following it proves that address only, and only while it is still the account's (decision 050). */
    resetTokenSentTo: text('reset_token_sent_to'),
    defaultExecutiveRole: text('default_executive_role'),
    defaultIndustry: text('default_industry'),
    defaultUserRole: text('default_user_role'),
    profileImageUrl: text('profile_image_url'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastLogin: timestamptz('last_login'),
    numLogins: integer('num_logins').notNull().default(0),
    deletedAt: timestamptz('deleted_at'),
    deletedBy: text('deleted_by'),
    deletionReason: text('deletion_reason'),
    cookiesAccepted: boolean('cookies_accepted'),
    cookieConsentDate: timestamptz('cookie_consent_date'),
    /** When a link mailed to the address was followed (verification or password reset); null until then (decision 017). */
    emailVerifiedAt: timestamptz('email_verified_at'),
    /** SHA-256 of the newest verification link's token, and when it was sent (it expires, and paces resends). */
    emailVerificationToken: text('email_verification_token'),
    emailVerificationSentAt: timestamptz('email_verification_sent_at'),
    /** The address the verification link was mailed to (decision 050): the link proves that address only. */
    emailVerificationSentTo: text('email_verification_sent_to'),
    /** Set by an admin: the account cannot sign in and its sessions are gone until an admin enables it again. */
    disabledAt: timestamptz('disabled_at'),
  },
  (t) => [
    // Unique regardless of letter case, whatever the application layer does.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    // One account per stored picture: deleting an account deletes its picture's files, never another's.
    uniqueIndex('users_profile_image_url_unique').on(t.profileImageUrl),
    index('users_created_at_idx').on(t.createdAt),
    uniqueIndex('users_reset_token_unique').on(t.resetToken),
    uniqueIndex('users_email_verification_token_unique').on(t.emailVerificationToken),
  ],
);
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Signed-in browsers. Only the SHA-256 of the cookie's token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    persistent: boolean('persistent').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    userAgent: text('user_agent'),
    /** Last request seen with this session (updated at most once a minute): the Security dialog's list. */
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);
export type Session = typeof sessions.$inferSelect;

/**
 * Failed sign-ins per address, for the per-account back-off (decision 017). Keyed by the SHA-256 of
 * the lower-cased address, whether or not it has an account: an address without one is throttled
 * the same, so the lockout never tells which addresses have accounts, and no typed address is kept.
 */
export const signInThrottles = pgTable('sign_in_throttles', {
  emailHash: text('email_hash').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamptz('last_failure_at').notNull().defaultNow(),
  lockedUntil: timestamptz('locked_until'),
});

/** Messages sent through /contact, kept even when the e-mail to the team fails. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    emailedAt: timestamptz('emailed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);
export type ContactMessage = typeof contactMessages.$inferSelect;


/** Spec section 3, chat_sessions. executiveRole and industry are the advisor the user talks to; userRole is the user's own role. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
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
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
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
 * Spec section 3, payments: one row per Stripe subscription, mirrored from Stripe by billing
 * (features/billing) whenever it changes. Amounts in cents. See docs/decisions/013-billing.md.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    stripeSubscriptionId: text('stripe_subscription_id').notNull(),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeInvoiceId: text('stripe_invoice_id'),
    stripePriceId: text('stripe_price_id'),
    subscriptionLevel: text('subscription_level', { enum: subscriptionLevels }).notNull().default('free'),
    subscriptionPeriod: text('subscription_period', { enum: ['monthly', 'yearly'] }),
    subscriptionStatus: text('subscription_status', { enum: subscriptionStatuses }).notNull().default('inactive'),
    amount: integer('amount'),
    currency: text('currency').notNull().default('usd'),
    currentPeriodStart: timestamptz('current_period_start'),
    currentPeriodEnd: timestamptz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelledAt: timestamptz('cancelled_at'),
    trialStart: timestamptz('trial_start'),
    trialEnd: timestamptz('trial_end'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_stripe_subscription_id_unique').on(t.stripeSubscriptionId),
    index('payments_user_id_idx').on(t.userId, t.createdAt.desc()),
  ],
);
export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** Stripe webhook events already applied, recorded in the same transaction as their change: each applies once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

export const documentStatuses = ['processing', 'ready', 'failed'] as const;
export const extractionStatuses = ['pending', 'complete', 'partial', 'unreadable'] as const;

/**
 * Spec section 3, documents: a file attached to a conversation (features/documents). The file
 * itself is in object storage under `storage_key` (generated by the server); `content` is the
 * extracted text, `analysis` the persona's structured reading of it. A delete (of the document, its
 * conversation, its message or its user) queues the stored object's removal (trigger, migration 0009).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    /** The stored object's name (the last part of its key). */
    filename: text('filename').notNull(),
    /** The name the user's file had. */
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** The persona the analysis is written by. */
    executiveRole: text('executive_role').notNull(),
    industry: text('industry').notNull(),
    status: text('status', { enum: documentStatuses }).notNull().default('processing'),
    extractionStatus: text('extraction_status', { enum: extractionStatuses }).notNull().default('pending'),
    /** Extracted text (null until extracted). */
    content: text('content'),
    textChars: integer('text_chars'),
    pageCount: integer('page_count'),
    sheetCount: integer('sheet_count'),
    /** What extraction could not read or left out (limits), said to the user. */
    extractionNotes: text('extraction_notes').array().notNull().default(sql`'{}'::text[]`),
    analysis: jsonb('analysis').$type<DocumentAnalysisJson>(),
    /** Model calls spent on the analysis, across attempts (its budget per document, decision 052). */
    modelCalls: integer('model_calls').notNull().default(0),
    /** Notes on each part of a long document, by a hash of the part: a retried analysis reuses them. */
    partSummaries: jsonb('part_summaries').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    error: text('error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('documents_status_check', sql`${t.status} in ('processing', 'ready', 'failed')`),
    uniqueIndex('documents_storage_key_unique').on(t.storageKey),
    index('documents_session_idx').on(t.sessionId, t.createdAt),
    index('documents_user_idx').on(t.userId),
  ],
);
/** The analysis as stored (its shape is documentAnalysisSchema in src/contract/documents.ts). */
export interface DocumentAnalysisJson {
  executiveSummary: string;
  keyPoints: string[];
  risks: string[];
  questions: string[];
  [key: string]: unknown;
}
export type Document = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;

/** Model calls spent on document analyses per account and UTC day (the daily budget, decision 052). */
export const analysisCallDays = pgTable(
  'analysis_call_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Advisor tool calls per account and UTC day (decision 084): every call, and web searches apart. */
export const toolCallDays = pgTable(
  'tool_call_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    calls: integer('calls').notNull().default(0),
    searches: integer('searches').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Upload URLs given out and not yet attached (decision 052): each holds its declared size against
 * the account's storage, from the moment the URL is made until the file is attached or collected.
 */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    storageKey: text('storage_key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Replaced by a newer upload URL: it can no longer be attached, and its bytes count until it is collected. */
    releasedAt: timestamptz('released_at'),
  },
  (t) => [index('pending_uploads_user_idx').on(t.userId)],
);

/** A document's text in passages, for replies that cannot read it whole (full-text search). */
export const documentChunks = pgTable(
  'document_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    /** Where the passage is, in words a reply can cite ("page 3", "sheet Revenue"). */
    label: text('label').notNull(),
    content: text('content').notNull(),
    searchVector: tsvector('search_vector').generatedAlwaysAs((): SQL => sql`to_tsvector('english'::regconfig, ${documentChunks.content})`),
  },
  (t) => [index('document_chunks_document_idx').on(t.documentId, t.ordinal), index('document_chunks_search_idx').using('gin', t.searchVector)],
);

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;

/**
 * Durable background work (src/server/jobs): claimed with FOR UPDATE SKIP LOCKED by any instance,
 * leased until `locked_until` (a crashed worker's job is claimed again once its lease runs out),
 * retried with backoff up to `max_attempts`. Decision 015.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: jobStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamptz('run_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);
export type Job = typeof jobs.$inferSelect;

/**
 * Page views per UTC day and page (docs/decisions/021-page-view-counts.md): counts only, written after
 * 'Accept All'; no user, address, cookie or agent. Paths outside the app's pages share one row ('(other)').
 */
export const pageViewCounts = pgTable(
  'page_view_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
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
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
 * Every action an admin took on an account (features/admin): who, what, on whom, when. The target's
 * id only (no copy of the account's personal data), so an account's deletion leaves its history readable.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_created_at_idx').on(t.createdAt.desc())],
);
export type AdminAuditEntry = typeof adminAuditLog.$inferSelect;

/**
 * The decision log (features/decisions, docs/decisions/034-decision-log.md): a decision or an action
 * item saved from an advisor's reply, with its owner, due date and the day to follow it up. It outlives
 * its conversation (the link goes null); account deletion removes it (features/account).
 */
export const decisions = pgTable(
  'decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

/**
 * Company memory (features/memory, docs/decisions/073-company-memory.md): the profile every advisor
 * reads, one row per account. The fields are one JSON object checked by the contract's schema
 * (src/contract/memory.ts); `field_dates` keeps when each field last changed. `paused`: nothing of
 * the memory reaches a prompt.
 */
export const companyProfiles = pgTable('company_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentId] }), index('document_pins_document_idx').on(t.documentId)],
);
export type DocumentPin = typeof documentPins.$inferSelect;

/**
 * A conversation's rolling note (issue 31, point 5; decision 083): the facts, figures and decisions
 * the user stated in the turns that have left the context window, written by the model after a
 * reply and pinned in every prompt of the conversation. One per conversation; gone with it and with
 * the account. `coversThrough` is the timestamp of the newest message folded into it (null: nothing
 * folded yet, e.g. a note the user wrote).
 */
export const conversationNotes = pgTable('conversation_notes', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => chatSessions.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  content: text('content').notNull(),
  coversThrough: timestamptz('covers_through'),
  /** Who wrote the current text: the model (after a reply) or the user (edited). */
  editedByUser: boolean('edited_by_user').notNull().default(false),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
export type ConversationNote = typeof conversationNotes.$inferSelect;
