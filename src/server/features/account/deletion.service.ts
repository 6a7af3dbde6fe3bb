import { accountMessages, type DeleteAccountInput } from '#contract/account.ts';
import { cancelSubscriptionsForDeletedAccount } from '#server/features/billing/index.ts';
import { throttleKey, verifyPassword } from '#server/features/auth/index.ts';
import { AppError } from '#server/errors.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { assertSelf, type Caller } from '#server/plugins/session.ts';
import type { AccountServiceDeps } from './account-deps.ts';
import * as queries from './deletion.queries.ts';
import { avatarKeys, deleteProfilePicture } from './profile-pictures.ts';

/** Conversations the retention job deletes per statement (it loops until none is left). */
const RETENTION_BATCH = 500;

/**
 * Account deletion (spec sections 2, 4 and 7): the subscription is cancelled at Stripe first (a
 * failure there stops the deletion: nobody is billed for an account that is gone), then in one
 * transaction everything the account owns goes and its row becomes a tombstone (deletion.queries.ts);
 * stored files follow through durable jobs; every session ends with it.
 */
export async function deleteAccount(deps: AccountServiceDeps, caller: Caller, userId: string, input: DeleteAccountInput): Promise<string> {
  assertSelf(caller, userId);
  // The password first (issue 29, point 10): a session left open is not enough to remove everything.
  if (!(await verifyPassword(caller.user.password, input.currentPassword))) throw new AppError('bad_request:delete_password');
  await removeAccount(deps, caller.user.id, caller.user.email, { deletedBy: 'self', deletionReason: input.deletionReason?.trim() || null });
  return accountMessages.accountDeleted;
}

export async function removeAccount(
  deps: AccountServiceDeps,
  userId: string,
  email: string,
  deletion: { deletedBy: string; deletionReason: string | null },
): Promise<void> {
  await cancelSubscriptionsForDeletedAccount(deps, userId);
  const removed = await deps.db.transaction(async (tx) => {
    const result = await queries.deleteAccountData(tx, userId, { ...deletion, throttleKey: throttleKey(email) });
    if (result?.profileImageUrl) await deleteProfilePicture(deps, tx, result.profileImageUrl);
    return result;
  });
  if (!removed) throw new AppError('not_found:user');
  deps.sessionCache.invalidateUser(userId);
  deps.jobs.wake();
}

/** The durable jobs of the account feature: unclaimed pictures and the retention sweep (decision 025). */
export function registerAccountJobs(deps: Pick<AccountServiceDeps, 'db' | 'storage' | 'log' | 'config'> & { jobs: JobQueue }): void {
  deps.jobs.register<{ path: string }>('account.collect-picture', {
    run: async ({ path }) => {
      const keys = avatarKeys(path);
      if (!keys || (await queries.pictureInUse(deps.db, path))) return;
      await deps.storage.delete(keys.large);
      await deps.storage.delete(keys.small);
    },
  });
  deps.jobs.register<{ day: string }>('account.retention', {
    maxAttempts: 3,
    run: async ({ day }) => {
      if (deps.config.retention.freeDays === 0) return;
      const deleted = await sweepExpiredConversations(deps, deps.config.retention.freeDays);
      deps.log.info({ retention: { day, deletedConversations: deleted, days: deps.config.retention.freeDays } }, 'free-tier retention sweep');
    },
  });
}

/** Deletes every expired free conversation, in batches. */
export async function sweepExpiredConversations(deps: Pick<AccountServiceDeps, 'db'>, days: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await queries.deleteExpiredFreeConversations(deps.db, days, RETENTION_BATCH);
    total += deleted;
    if (deleted < RETENTION_BATCH) return total;
  }
}

/**
 * Queues today's retention sweep unless some instance already did: every instance calls this at
 * start and every hour, the job's id is derived from the UTC day, so it runs once a day in all.
 */
export async function scheduleRetention(deps: { db: AccountServiceDeps['db']; jobs: JobQueue }, now = new Date()): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  return deps.jobs.enqueueOnce(deps.db, 'account.retention', { day }, day);
}
