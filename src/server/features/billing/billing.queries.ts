import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SubscriptionStatus } from '#contract/billing.ts';
import type { Db } from '#server/db/client.ts';
import { payments, stripeEvents, users, type NewPayment, type Payment } from '#server/db/schema.ts';
import { accountOwner, ownedBy, ownerColumns, type Owner } from '#server/db/ownership.ts';

/** Statuses in which a subscription may still give Premium (the exact rule is in contract/entitlements.ts). */
export const liveStatuses = ['active', 'trialing', 'past_due'] as const satisfies readonly SubscriptionStatus[];
/** Statuses after which a subscription never comes back: the account returns to the Free Tier. */
export const endedStatuses = ['canceled', 'unpaid', 'incomplete_expired'] as const satisfies readonly SubscriptionStatus[];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** What a subscription row holds, apart from who owns it. */
export type PaymentValues = Omit<NewPayment, 'id' | 'userId' | 'createdAt' | 'updatedAt'> & { stripeSubscriptionId: string; stripeCustomerId: string };

/**
 * Inserts or refreshes the row of one Stripe subscription. The owner is set once, at insert, and
 * never changed by a later update, whatever the update says.
 */
export async function upsertPayment(db: Executor, owner: Owner, values: PaymentValues): Promise<Payment> {
  const rows = await db
    .insert(payments)
    .values({ ...values, ...ownerColumns(owner) })
    .onConflictDoUpdate({ target: payments.stripeSubscriptionId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return rows[0]!;
}

/** One of the user's subscriptions by its Stripe id: someone else's is simply not found. */
export async function findUserPayment(db: Db, owner: Owner, stripeSubscriptionId: string): Promise<Payment | undefined> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.stripeSubscriptionId, stripeSubscriptionId), ownedBy.payments(owner)))
    .limit(1);
  return rows[0];
}

export async function findPaymentBySubscriptionId(db: Executor, stripeSubscriptionId: string): Promise<Payment | undefined> {
  const rows = await db.select().from(payments).where(eq(payments.stripeSubscriptionId, stripeSubscriptionId)).limit(1);
  return rows[0];
}

/**
 * The subscription that speaks for the user: a live one (the latest period first), else the most
 * recent of any status. Read on every request of a subscriber, through payments_user_id_idx.
 */
export async function findCurrentPayment(db: Db, owner: Owner): Promise<Payment | undefined> {
  const rows = await db
    .select()
    .from(payments)
    .where(ownedBy.payments(owner))
    .orderBy(
      desc(sql`${payments.subscriptionStatus} in ('active', 'trialing', 'past_due')`),
      desc(sql`coalesce(${payments.currentPeriodEnd}, ${payments.createdAt})`),
      desc(payments.createdAt),
    )
    .limit(1);
  return rows[0];
}

/** Checkouts started and not paid: subscriptions waiting for their first payment. */
export async function findOpenCheckouts(db: Db, owner: Owner): Promise<Payment[]> {
  return db
    .select()
    .from(payments)
    .where(and(ownedBy.payments(owner), eq(payments.subscriptionStatus, 'incomplete')))
    .orderBy(desc(payments.createdAt));
}

/**
 * The Stripe customer the user used last, and the newest of their subscriptions that is no longer
 * waiting for its first payment (it names a checkout attempt, decision 051).
 */
export async function checkoutHistory(db: Db, owner: Owner): Promise<{ lastClosedId: string | null; customerId: string | null }> {
  const rows = await db
    .select({ id: payments.id, customerId: payments.stripeCustomerId, status: payments.subscriptionStatus })
    .from(payments)
    .where(ownedBy.payments(owner))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return { lastClosedId: rows.find((row) => row.status !== 'incomplete')?.id ?? null, customerId: rows[0]?.customerId ?? null };
}

/**
 * Keeps the account type in step with its subscriptions, in the caller's transaction: a standard
 * account with a paid (live) subscription becomes 'subscriber'; a subscriber none of whose
 * subscriptions is live any more returns to 'standard'. Admin and vip are never touched.
 */
export async function syncAccountType(db: Executor, userId: string): Promise<void> {
  const live = sql`exists (select 1 from ${payments} where ${ownedBy.payments(accountOwner(userId))} and ${inArray(payments.subscriptionStatus, [...liveStatuses])})`;
  await db
    .update(users)
    .set({ appUserType: sql`case when ${live} then 'subscriber' else 'standard' end` })
    .where(and(eq(users.id, userId), inArray(users.appUserType, ['standard', 'subscriber'])));
}

/**
 * Applies a webhook event once: records its id and runs `change` in one transaction. Answers false
 * (and changes nothing) when the event was applied before.
 */
export async function applyEventOnce(db: Db, event: { id: string; type: string }, change: (tx: Tx) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const recorded = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (recorded.length === 0) return false;
    await change(tx);
    return true;
  });
}

/** Upsert a subscription and the account type together (outside webhooks: create, cancel, change). */
export async function savePayment(db: Db, owner: Owner, values: PaymentValues): Promise<Payment> {
  return db.transaction(async (tx) => {
    const row = await upsertPayment(tx, owner, values);
    await syncAccountType(tx, owner.userId);
    return row;
  });
}

export async function findUserEmail(db: Executor, userId: string): Promise<{ email: string; firstName: string } | undefined> {
  // A deleted account (its tombstone) has no address to write to; its webhooks are ignored (decision 024).
  const rows = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function eventSeen(db: Db, eventId: string): Promise<boolean> {
  const rows = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId)).limit(1);
  return rows.length > 0;
}
