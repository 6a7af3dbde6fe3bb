import { z } from 'zod';
import { appUserTypes } from './auth.ts';
import { errorNotice } from './notice-text.ts';

/** Spec section 3, Admin stats, plus when the figures were counted (they are cached 5 minutes). */
export const adminStatsSchema = z.object({
  totalUsers: z.number(),
  freeUsers: z.number(),
  premiumUsers: z.number(),
  adminUsers: z.number(),
  vipUsers: z.number(),
  userLogins: z.number(),
  /** Likes among rated replies, 0 to 100 (0 when none is rated). */
  messageLikesPercent: z.number(),
  totalLikes: z.number(),
  totalDislikes: z.number(),
  totalConversations: z.number(),
  totalMessages: z.number(),
  totalDocuments: z.number(),
  generatedAt: z.string(),
  /** Which model answers (decision 072): configured, a local server found at start, or the offline demo. */
  ai: z.object({ provider: z.string(), model: z.string(), source: z.enum(['configured', 'detected', 'demo', 'demo-fallback']) }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
/** Spec section 9: admin stats are cached 5 minutes (on the server, and in the browser). */
export const ADMIN_STATS_CACHE_MS = 5 * 60 * 1000;
export const adminStatsQuerySchema = z.object({ refresh: z.enum(['true', 'false']).optional() });

export const ADMIN_ACTIVITY_MAX_DAYS = 365;
export const adminActivityQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(ADMIN_ACTIVITY_MAX_DAYS).default(30) });
/** One UTC day of the dashboard's charts. */
export const adminActivityDaySchema = z.object({
  day: z.string(),
  signups: z.number(),
  /** Accounts that sent at least one message that day. */
  activeUsers: z.number(),
  messages: z.number(),
  likes: z.number(),
  dislikes: z.number(),
});
export type AdminActivityDay = z.infer<typeof adminActivityDaySchema>;
export const adminActivitySchema = z.object({ days: z.array(adminActivityDaySchema) });

export const ADMIN_USERS_PAGE_SIZE = 25;
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(200).optional().default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  appUserType: z.enum(appUserTypes),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  numLogins: z.number(),
  emailVerified: z.boolean(),
  disabled: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersSchema = z.object({ users: z.array(adminUserSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type AdminUsers = z.infer<typeof adminUsersSchema>;

export const adminUserParamsSchema = z.object({ id: z.uuid({ error: 'Not found' }) });
/** What an admin may change on another account: VIP granted or removed, disabled or enabled. */
export const adminUpdateUserInputSchema = z
  .object({ vip: z.boolean().optional(), disabled: z.boolean().optional() })
  .refine((v) => v.vip !== undefined || v.disabled !== undefined, { message: 'Nothing to update' });
export type AdminUpdateUserInput = z.infer<typeof adminUpdateUserInputSchema>;

export const adminAuditActions = ['grant_vip', 'remove_vip', 'disable_account', 'enable_account'] as const;
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  adminEmail: z.string().nullable(),
  targetUserId: z.string().nullable(),
  targetEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditLogSchema = z.object({ entries: z.array(adminAuditEntrySchema) });

/** The dashboard's words. */
export const adminText = {
  title: 'Admin Dashboard',
  statsFailed: 'Failed to load admin statistics',
  refresh: 'Refresh',
  usersTitle: 'Users',
  searchPlaceholder: 'Search by name or email...',
  noUsers: 'No matching users',
  auditTitle: 'Audit log',
  noAudit: 'No admin actions yet',
  grantVip: 'Grant VIP',
  removeVip: 'Remove VIP',
  disable: 'Disable',
  /** What Disable does beyond the badge (decision 037). */
  disableHint: 'Signs the account out everywhere and stops its subscription renewing',
  enable: 'Enable',
  disabledBadge: 'Disabled',
  actionLabels: { grant_vip: 'granted VIP to', remove_vip: 'removed VIP from', disable_account: 'disabled', enable_account: 'enabled' } as Record<string, string>,
  updateFailed: (reason?: string) => errorNotice(reason ?? 'Failed to update the account'),
  /** What an action did, named (issue 29, point 9). */
  done: {
    grantVip: (email: string) => ({ title: `VIP granted to ${email}` }),
    removeVip: (email: string) => ({ title: `VIP removed from ${email}` }),
    disable: (email: string) => ({ title: `${email} disabled` }),
    enable: (email: string) => ({ title: `${email} enabled` }),
  },
  /** Granting VIP and disabling ask first (issue 29, point 9). */
  confirm: {
    grantVip: (email: string) => ({
      title: 'Grant VIP?',
      description: `${email} gets every Premium feature free, without a subscription, until VIP is removed.`,
      action: 'Grant VIP',
    }),
    disable: (email: string) => ({
      title: 'Disable this account?',
      description: `${email} is signed out everywhere and cannot sign in, and their subscription stops renewing. You can enable the account again.`,
      action: 'Disable account',
    }),
    cancel: 'Cancel',
  },
  /** Who the Users figure and list count (issue 29, point 9). */
  usersCounted: 'Users counts every account that is not deleted, admins and disabled accounts included, as the list does.',
  /** Which model answers the advisors (decision 072). */
  aiLine: (ai: { provider: string; model: string; source: string }): string =>
    ai.source === 'detected'
      ? `Advisors answer with the local model ${ai.model}, found at start (no cloud key is set).`
      : ai.source === 'demo-fallback'
        ? 'Advisors answer with the offline demo: no cloud key is set and no local model server answered at start. Answers are samples, not advice: set AI_PROVIDER and its API key (README, Configuration) for real answers.'
        : ai.source === 'demo'
          ? 'Advisors answer with the offline demo (AI_PROVIDER=demo). Answers are samples, not advice: set AI_PROVIDER and its API key (README, Configuration) for real answers.'
          : `Advisors answer with ${ai.model} (${ai.provider}).`,
} as const;
