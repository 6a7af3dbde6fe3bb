import type { AdminActivityDay, AdminAuditEntry, AdminStats, AdminUpdateUserInput, AdminUser, AdminUsers } from '#contract/admin.ts';
import { ADMIN_STATS_CACHE_MS, ADMIN_USERS_PAGE_SIZE } from '#contract/admin.ts';
import type { User } from '#server/db/schema.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { SessionCache } from '#server/features/auth/index.ts';
import * as queries from './admin.queries.ts';
import { stopBillingForDisabledAccount, type BillingDeps } from '#server/features/billing/index.ts';

export interface AdminDeps extends BillingDeps {
  sessionCache: SessionCache & BillingDeps['sessionCache'];
}

/** Every admin route asks this first: only the admin role passes, whatever else the account is. */
export function requireAdmin(user: User): void {
  if (user.appUserType !== 'admin') throw new AppError('forbidden:auth');
}

/**
 * The content figures are counted at most once per 5 minutes per instance (spec section 9); `refresh`
 * counts now. The accounts are counted on every read (one aggregate): the users list beside them is
 * live, and the cards must count the same accounts it lists (issue 29, point 9; "Total users 2" next
 * to "Users 3" was a cached card). `generatedAt` is when the cached figures were counted.
 */
let cached: { content: Awaited<ReturnType<typeof queries.countContent>>; at: number; db: Db } | null = null;

export async function stats(deps: AdminDeps, user: User, refresh: boolean, now = Date.now()): Promise<AdminStats> {
  requireAdmin(user);
  if (refresh || !cached || cached.db !== deps.db || now - cached.at >= ADMIN_STATS_CACHE_MS) cached = { content: await queries.countContent(deps.db), at: now, db: deps.db };
  const { content } = cached;
  const people = await queries.countPeople(deps.db);
  const rated = content.totalLikes + content.totalDislikes;
  return {
    ...people,
    ...content,
    freeUsers: people.totalUsers - people.premiumUsers,
    messageLikesPercent: rated === 0 ? 0 : Math.round((content.totalLikes / rated) * 1000) / 10,
    generatedAt: new Date(cached.at).toISOString(),
    ai: { provider: deps.config.ai.provider, model: deps.config.ai.model, source: deps.config.ai.source },
  };
}

export async function activity(deps: AdminDeps, user: User, days: number): Promise<AdminActivityDay[]> {
  requireAdmin(user);
  return queries.activityByDay(deps.db, days);
}

export async function listUsers(deps: AdminDeps, user: User, q: string, page: number): Promise<AdminUsers> {
  requireAdmin(user);
  const { rows, total } = await queries.searchUsers(deps.db, q, ADMIN_USERS_PAGE_SIZE, (page - 1) * ADMIN_USERS_PAGE_SIZE);
  return { users: rows.map(toAdminUser), total, page, pageSize: ADMIN_USERS_PAGE_SIZE };
}

function toAdminUser(row: Awaited<ReturnType<typeof queries.searchUsers>>['rows'][number]): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    appUserType: row.appUserType,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLogin?.toISOString() ?? null,
    numLogins: row.numLogins,
    emailVerified: row.emailVerifiedAt !== null,
    disabled: row.disabledAt !== null,
  };
}

/**
 * VIP granted or removed, account disabled or enabled: never on oneself, never on another admin
 * (admins come from ADMIN_EMAILS); each change and its audit entry in one transaction.
 */
export async function updateUser(deps: AdminDeps, admin: User, targetId: string, input: AdminUpdateUserInput): Promise<AdminUser> {
  requireAdmin(admin);
  if (targetId === admin.id) throw new AppError('bad_request:admin_self');
  const updated = await deps.db.transaction(async (tx) => {
    const target = await queries.findLiveUser(tx, targetId);
    if (!target) throw new AppError('not_found:user');
    if (target.appUserType === 'admin') throw new AppError('bad_request:admin_target');
    if (input.vip !== undefined && input.vip !== (target.appUserType === 'vip')) {
      await queries.setVip(tx, targetId, input.vip);
      await queries.insertAudit(tx, { adminId: admin.id, action: input.vip ? 'grant_vip' : 'remove_vip', targetUserId: targetId, details: { from: target.appUserType } });
    }
    if (input.disabled !== undefined && input.disabled !== (target.disabledAt !== null)) {
      await queries.setDisabled(tx, targetId, input.disabled);
      await queries.insertAudit(tx, { adminId: admin.id, action: input.disabled ? 'disable_account' : 'enable_account', targetUserId: targetId });
    }
    return queries.findLiveUser(tx, targetId);
  });
  deps.sessionCache.invalidateUser(targetId);
  // A disabled account is charged no more (decision 037); asked on every disable, so a retry after a gateway failure finishes it.
  if (input.disabled === true) await stopBillingForDisabledAccount(deps, targetId);
  return toAdminUser(updated!);
}

export async function auditLog(deps: AdminDeps, user: User): Promise<AdminAuditEntry[]> {
  requireAdmin(user);
  const rows = await queries.auditEntries(deps.db, 200);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
