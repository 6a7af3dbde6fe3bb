import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
// Relative, not #contract/*: drizzle-kit loads the schema on its own.
import { subscriptionLevels, subscriptionStatuses } from '../../../contract/billing.ts';
import { timestamptz } from './columns.ts';
import { ownerId } from './accounts.ts';

/** Billing: the Stripe subscriptions mirrored as payments, and the webhook events already applied. */

/**
 * Spec section 3, payments: one row per Stripe subscription, mirrored from Stripe by billing
 * (features/billing) whenever it changes. Amounts in cents. See docs/decisions/013-billing.md.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
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
