import type { ChatDefaults, ChatUsage, UpdateChatDefaultsInput } from '#contract/chat.ts';
import { dailyAllowances } from '#contract/entitlements.ts';
import { storageLimits } from '#contract/documents-text.ts';
import { FREE_DAILY_ATTACHMENTS, FREE_DAILY_INTERACTIONS } from '#contract/limits.ts';
import type { Db, Executor } from '#server/db/client.ts';
import { ownerOf } from '#server/db/ownership.ts';
import { AppError } from '#server/errors.ts';
import { assertSelf, type Caller } from '#server/plugins/session.ts';
import * as queries from './account.queries.ts';

export interface AccountDeps {
  db: Db;
  /** Signed-in users are cached per instance for a moment; a change to their row must drop that copy. */
  sessionCache: { invalidateUser(userId: string): void };
}

/** Saved defaults for new conversations: a Premium feature. */
export async function updateDefaults(deps: AccountDeps, caller: Caller, userId: string, input: UpdateChatDefaultsInput): Promise<ChatDefaults> {
  assertSelf(caller, userId);
  if (!caller.isPremium) throw new AppError('forbidden:premium');
  const saved = await queries.updateUserDefaults(deps.db, caller.user.id, input);
  if (!saved) throw new AppError('not_found:user');
  deps.sessionCache.invalidateUser(caller.user.id);
  return saved;
}

function nextUtcMidnight(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

export async function usage(deps: AccountDeps, caller: Caller): Promise<ChatUsage> {
  const [daily, storage] = await Promise.all([queries.dailyUsage(deps.db, caller.user.id), queries.storageUsed(deps.db, ownerOf(caller))]);
  const used = daily ?? { interactions: 0, attachments: 0 };
  const limits = dailyAllowances(caller.isPremium);
  return {
    isPremium: caller.isPremium,
    interactionsUsed: used.interactions,
    interactionsLimit: limits.interactions,
    attachmentsUsed: used.attachments,
    attachmentsLimit: limits.attachments,
    storageUsedBytes: storage,
    storageLimitBytes: storageLimitFor(caller),
    resetsAt: nextUtcMidnight().toISOString(),
  };
}

/**
 * The free daily interaction limit for the caller's plan; null when their interactions are not
 * counted (Premium). The one place that says who is counted and up to what.
 */
export function interactionLimitFor(caller: Pick<Caller, 'isPremium'>): number | null {
  return caller.isPremium ? null : FREE_DAILY_INTERACTIONS;
}

/**
 * Counts a free interaction inside the caller's transaction (nothing for Premium); refuses past the
 * limit. Returns the UTC day it was counted on, to give it back on that day if the reply fails.
 */
export async function chargeInteraction(tx: Executor, caller: Caller): Promise<string | null> {
  const limit = interactionLimitFor(caller);
  if (limit === null) return null;
  const day = await queries.consumeInteraction(tx, caller.user.id, limit);
  if (!day) throw new AppError('rate_limit:interactions');
  return day;
}

/** Gives back an interaction counted on `day` (only while it is still that UTC day). */
export async function refundInteraction(deps: AccountDeps, userId: string, day: string): Promise<void> {
  await queries.refundInteraction(deps.db, userId, day);
  deps.sessionCache.invalidateUser(userId);
}

/** The free daily attachment limit (each attachment brings its one analysis); null for Premium (unlimited). */
export function attachmentLimitFor(caller: Pick<Caller, 'isPremium'>): number | null {
  return caller.isPremium ? null : FREE_DAILY_ATTACHMENTS;
}

/** Bytes of documents the caller's plan may store (decision 052). */
export function storageLimitFor(caller: Pick<Caller, 'isPremium'>): number {
  return caller.isPremium ? storageLimits.premiumBytes : storageLimits.freeBytes;
}

/** Whether the caller may attach a file today (a check before an upload; the charge is chargeAttachment). */
export async function hasAttachmentLeft(deps: Pick<AccountDeps, 'db'>, caller: Caller): Promise<boolean> {
  const limit = attachmentLimitFor(caller);
  if (limit === null) return true;
  const used = (await queries.dailyUsage(deps.db, caller.user.id))?.attachments ?? 0;
  return used < limit;
}

/**
 * Counts a free attachment and its analysis inside the caller's transaction (nothing for Premium);
 * refuses past the daily limit, atomically.
 */
export async function chargeAttachment(tx: Executor, caller: Caller): Promise<void> {
  const limit = attachmentLimitFor(caller);
  if (limit === null) return;
  const day = await queries.consumeAttachment(tx, caller.user.id, limit);
  if (!day) throw new AppError('rate_limit:attachments');
}
