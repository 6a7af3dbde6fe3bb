import { useCurrentUser } from '#client/lib/session.ts';
import { readStorage, sessionKeys } from '#client/lib/storage-keys.ts';

/**
 * Which buttons the public pages show (spec section 2, landing):
 * - 'visitor': signed out; 'member': signed in without a subscription; 'subscriber': appUserType subscriber.
 * - checkoutInProgress: a signed-in user left an unfinished checkout (sessionStorage checkoutInProgress = 'true').
 */
export type VisitorKind = 'visitor' | 'member' | 'subscriber';

export function useVisitorState() {
  const { user, isLoading } = useCurrentUser();
  const kind: VisitorKind = !user ? 'visitor' : user.appUserType === 'subscriber' ? 'subscriber' : 'member';
  const checkoutInProgress = Boolean(user) && readStorage('session', sessionKeys.checkoutInProgress) === 'true';
  return { user, isLoading, kind, checkoutInProgress };
}
