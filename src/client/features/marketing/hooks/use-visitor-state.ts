import { useCurrentUser } from '#client/lib/session.ts';
import { readStorage, sessionKeys } from '#client/lib/storage-keys.ts';

/**
 * Which buttons the public pages show (spec section 2, landing):
 * - 'visitor': signed out; 'member': signed in without Premium; 'premium': Premium for any reason (a
 *   subscription, or an admin, VIP or test-Premium account, as the server decides in isPremium). Nobody
 *   with Premium is offered the upgrade or shown the Free plan as theirs (docs/decisions/005).
 * - checkoutInProgress: a signed-in user left an unfinished checkout (sessionStorage checkoutInProgress = 'true').
 */
export type VisitorKind = 'visitor' | 'member' | 'premium';

export function useVisitorState() {
  const { user, isLoading } = useCurrentUser();
  const kind: VisitorKind = !user ? 'visitor' : user.isPremium || user.appUserType === 'subscriber' ? 'premium' : 'member';
  const checkoutInProgress = Boolean(user) && readStorage('session', sessionKeys.checkoutInProgress) === 'true';
  return { user, isLoading, kind, checkoutInProgress };
}
