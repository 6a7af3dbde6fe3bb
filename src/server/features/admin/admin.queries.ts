import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '#server/db/client.ts';
import { adminAuditLog, chatMessages, chatSessions, documents, payments, sessions, users } from '#server/db/schema.ts';

const live = isNull(users.deletedAt);
/** A subscriber is Premium while a subscription of theirs is live (features/billing decides the same). */
const premium = sql`(${users.appUserType} in ('admin', 'vip') or (${users.appUserType} = 'subscriber' and exists (
  select 1 from ${payments} where ${payments.userId} = ${users.id} and ${payments.subscriptionStatus} in ('active', 'trialing', 'past_due'))))`;

const count = (expression = sql`*`) => sql<number>`count(${expression})`.mapWith(Number);
const countIf = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * The accounts, as the users list counts them (issue 29, point 9): every account not deleted, admins and
 * disabled accounts included. Deleted accounts (tombstones) are not users. One aggregate, read live.
 */
export async function countPeople(db: Db) {
  const [people] = await db
    .select({
      totalUsers: count(),
      premiumUsers: countIf(premium),
      adminUsers: countIf(sql`${users.appUserType} = 'admin'`),
      vipUsers: countIf(sql`${users.appUserType} = 'vip'`),
      userLogins: sql<number>`coalesce(sum(${users.numLogins}), 0)`.mapWith(Number),
    })
    .from(users)
    .where(live);
  return people!;
}

/** Spec section 3's other figures (conversations, messages, ratings, documents), in three aggregate statements. */
export async function countContent(db: Db) {
  const [messages] = await db
    .select({
      totalMessages: countIf(sql`${chatMessages.role} in ('user', 'assistant')`),
      totalLikes: countIf(sql`${chatMessages.like} = 1`),
      totalDislikes: countIf(sql`${chatMessages.dislike} = -1`),
    })
    .from(chatMessages);
  const [conversations] = await db.select({ totalConversations: count() }).from(chatSessions);
  const [files] = await db.select({ totalDocuments: count() }).from(documents);
  return { ...messages!, ...conversations!, ...files! };
}

/** Per UTC day over the last `days` days (today included): signups, active senders, messages, likes, dislikes. */
export async function activityByDay(db: Db, days: number) {
  const result = await db.execute<{ day: string; signups: number; active_users: number; messages: number; likes: number; dislikes: number }>(sql`
    with span as (
      select generate_series((now() at time zone 'utc')::date - ${days - 1}::int, (now() at time zone 'utc')::date, interval '1 day')::date as day
    ),
    joined as (
      select (${users.createdAt} at time zone 'utc')::date as day, count(*)::int as n from ${users}
      where ${users.createdAt} >= (now() at time zone 'utc')::date - ${days - 1}::int group by 1
    ),
    sent as (
      select (m.timestamp at time zone 'utc')::date as day,
        count(*) filter (where m.role in ('user', 'assistant'))::int as messages,
        count(distinct s.user_id) filter (where m.role = 'user')::int as active_users,
        count(*) filter (where m."like" = 1)::int as likes,
        count(*) filter (where m.dislike = -1)::int as dislikes
      from ${chatMessages} m join ${chatSessions} s on s.id = m.session_id
      where m.timestamp >= (now() at time zone 'utc')::date - ${days - 1}::int group by 1
    )
    select to_char(span.day, 'YYYY-MM-DD') as day, coalesce(joined.n, 0) as signups, coalesce(sent.active_users, 0) as active_users,
      coalesce(sent.messages, 0) as messages, coalesce(sent.likes, 0) as likes, coalesce(sent.dislikes, 0) as dislikes
    from span left join joined on joined.day = span.day left join sent on sent.day = span.day
    order by span.day`);
  return result.rows.map((row) => ({
    day: String(row.day),
    signups: Number(row.signups),
    activeUsers: Number(row.active_users),
    messages: Number(row.messages),
    likes: Number(row.likes),
    dislikes: Number(row.dislikes),
  }));
}

/** Live accounts matching `q` in name or address, newest first. */
export async function searchUsers(db: Db, q: string, limit: number, offset: number) {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = q
    ? and(live, or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern)))
    : live;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      appUserType: users.appUserType,
      createdAt: users.createdAt,
      lastLogin: users.lastLogin,
      numLogins: users.numLogins,
      emailVerifiedAt: users.emailVerifiedAt,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findLiveUser(db: Executor, id: string) {
  const rows = await db.select().from(users).where(and(eq(users.id, id), live)).limit(1);
  return rows[0];
}

/** Grants VIP, or takes it back (to subscriber while a subscription is live, else standard). */
export async function setVip(tx: Executor, id: string, vip: boolean): Promise<void> {
  const liveSubscription = sql`exists (select 1 from ${payments} where ${payments.userId} = ${users.id} and ${payments.subscriptionStatus} in ('active', 'trialing', 'past_due'))`;
  await tx
    .update(users)
    .set({ appUserType: vip ? 'vip' : sql`case when ${liveSubscription} then 'subscriber' else 'standard' end` })
    .where(eq(users.id, id));
}

/** Disables (every session ends with it) or enables an account. */
export async function setDisabled(tx: Executor, id: string, disabled: boolean): Promise<void> {
  await tx.update(users).set({ disabledAt: disabled ? sql`now()` : null }).where(eq(users.id, id));
  if (disabled) await tx.delete(sessions).where(eq(sessions.userId, id));
}

export async function insertAudit(tx: Executor, entry: { adminId: string; action: string; targetUserId: string; details?: Record<string, unknown> }): Promise<void> {
  await tx.insert(adminAuditLog).values({ ...entry, details: entry.details ?? {} });
}

export async function auditEntries(db: Db, limit: number) {
  const admin = alias(users, 'admin');
  const target = alias(users, 'target');
  return db
    .select({
      id: adminAuditLog.id,
      action: adminAuditLog.action,
      adminEmail: admin.email,
      targetUserId: adminAuditLog.targetUserId,
      targetEmail: target.email,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .leftJoin(admin, eq(admin.id, adminAuditLog.adminId))
    .leftJoin(target, eq(target.id, adminAuditLog.targetUserId))
    .orderBy(desc(adminAuditLog.createdAt))
    .limit(limit);
}
