import { freeExecutiveRoles } from '#contract/roles.ts';
import { AppError } from '#server/errors.ts';
import { interactionLimitFor } from '#server/features/account/index.ts';
import type { Caller } from '#server/plugins/session.ts';

/**
 * What a caller's plan allows when a reply is asked for (a send, a retry, a context change): the
 * rules, stated once. The send statement takes them as parameters of its SQL
 * (send-statement.queries.ts); a retry and a context change apply them with the asserts below.
 */
export interface SendRules {
  /** The executives the caller may talk to; null: every one. */
  allowedExecutiveRoles: readonly string[] | null;
  /** The free interactions a day that are counted; null: not counted (Premium). */
  interactionLimit: number | null;
  /** Whether the context, the user's own role included, may change once the conversation has started. */
  mayChangeStartedConversation: boolean;
}

export function sendRulesFor(caller: Pick<Caller, 'isPremium'>): SendRules {
  return {
    allowedExecutiveRoles: caller.isPremium ? null : freeExecutiveRoles,
    interactionLimit: interactionLimitFor(caller),
    mayChangeStartedConversation: caller.isPremium,
  };
}

/** Free accounts talk to the free executives only; the upgrade dialog opens on this error. */
export function assertExecutiveAllowed(caller: Pick<Caller, 'isPremium'>, executiveRole: string): void {
  const allowed = sendRulesFor(caller).allowedExecutiveRoles;
  if (allowed && !allowed.includes(executiveRole)) throw new AppError('forbidden:role');
}

/** A change of context (the advisor, the industry, the user's own role) once the conversation has started. */
export function assertMayChangeStartedConversation(caller: Pick<Caller, 'isPremium'>): void {
  if (!sendRulesFor(caller).mayChangeStartedConversation) throw new AppError('forbidden:context');
}
