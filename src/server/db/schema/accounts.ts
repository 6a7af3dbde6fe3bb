import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/** Accounts: users, their signed-in sessions and the sign-in back-off. */

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

/**
 * The account a row belongs to: every owned table's `user_id`, which ownership.ts's predicates read.
 * Deleting the account deletes the row.
 */
export const ownerId = () => uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' });
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Signed-in browsers. Only the SHA-256 of the cookie's token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
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
