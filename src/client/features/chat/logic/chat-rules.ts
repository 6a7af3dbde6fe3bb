import type { PublicUser } from '#contract/auth.ts';
import type { ChatContext, ChatMessageDto, ChatUsage } from '#contract/chat.ts';
import { isUpgradeErrorCode } from '#contract/errors-text.ts';
import { chatDefaults, executiveRoles, industries, isFreeExecutiveRole } from '#contract/roles.ts';
import { errorCodeOf } from '#client/lib/api-client.ts';

/** Spec section 5: a free user may talk only to the free executives; choosing another opens the upgrade dialog. */
export function isExecutiveLocked(role: string, isPremium: boolean): boolean {
  return !isPremium && !isFreeExecutiveRole(role);
}

/** A conversation has started once it holds anything but system notes. */
export function hasConversationStarted(messages: readonly Pick<ChatMessageDto, 'role'>[]): boolean {
  return messages.some((m) => m.role !== 'system');
}

/** Free users cannot switch advisor, industry or their own role once the conversation has started. */
export function canChangeContext(isPremium: boolean, started: boolean): boolean {
  return isPremium || !started;
}

const isRole = (value: string | null | undefined): value is string => !!value && (executiveRoles as readonly string[]).includes(value);
const isIndustry = (value: string | null | undefined): value is string => !!value && (industries as readonly string[]).includes(value);

/**
 * Spec section 4, chat defaults: Research Analyst / CEO / Technology, overridden by the user's saved
 * defaults. Saved defaults are a Premium feature, so a free account (perhaps a lapsed subscriber)
 * starts from the product defaults, as the server does.
 */
export function startingContext(user: Pick<PublicUser, 'isPremium' | 'defaultUserRole' | 'defaultExecutiveRole' | 'defaultIndustry'> | null): ChatContext {
  if (!user?.isPremium) return { ...chatDefaults };
  return {
    userRole: isRole(user.defaultUserRole) ? user.defaultUserRole : chatDefaults.userRole,
    executiveRole: isRole(user.defaultExecutiveRole) ? user.defaultExecutiveRole : chatDefaults.executiveRole,
    industry: isIndustry(user.defaultIndustry) ? user.defaultIndustry : chatDefaults.industry,
  };
}

/** Whether the context shown equals the user's saved defaults (the star is filled). */
export function isSavedDefault(context: ChatContext, user: Pick<PublicUser, 'defaultUserRole' | 'defaultExecutiveRole' | 'defaultIndustry'> | null): boolean {
  return (
    !!user &&
    user.defaultUserRole === context.userRole &&
    user.defaultExecutiveRole === context.executiveRole &&
    user.defaultIndustry === context.industry
  );
}

export type FeedbackAction = 'like' | 'dislike';
export interface Feedback {
  like: 1 | null;
  dislike: -1 | null;
}

/** Spec section 4: like sets like and clears dislike, dislike the reverse; pressing the same again clears both. */
export function nextFeedback(current: Pick<ChatMessageDto, 'like' | 'dislike'>, action: FeedbackAction): Feedback {
  if (action === 'like') return current.like === 1 ? { like: null, dislike: null } : { like: 1, dislike: null };
  return current.dislike === -1 ? { like: null, dislike: null } : { like: null, dislike: -1 };
}

/** A refusal that Premium lifts (the daily limit, a locked advisor or context): show the upgrade dialog. Decided by the API's code. */
export function isUpgradeError(error: unknown): boolean {
  return isUpgradeErrorCode(errorCodeOf(error));
}

/** A free account has used today's interactions: nothing can be sent until they renew (or it upgrades). */
export function isOutOfInteractions(usage: Pick<ChatUsage, 'isPremium' | 'interactionsUsed' | 'interactionsLimit'> | undefined): boolean {
  return !!usage && !usage.isPremium && usage.interactionsLimit >= 0 && usage.interactionsUsed >= usage.interactionsLimit;
}


/**
 * What deleting a message takes with it (decision 028): a question goes with the replies that answer
 * it (the assistant messages after it, up to the next question); anything else goes alone.
 */
export function messagesDeletedWith<M extends Pick<ChatMessageDto, 'id' | 'role'>>(messages: readonly M[], target: Pick<ChatMessageDto, 'id' | 'role'>): string[] {
  if (target.role !== 'user') return [target.id];
  const at = messages.findIndex((m) => m.id === target.id);
  if (at < 0) return [target.id];
  const ids = [target.id];
  for (const next of messages.slice(at + 1)) {
    if (next.role === 'user') break;
    if (next.role === 'assistant') ids.push(next.id);
  }
  return ids;
}
