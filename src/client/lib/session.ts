import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { PublicUser } from '#contract/auth.ts';
import { authText } from '#contract/auth-text.ts';
import { api } from './api-client.ts';
import { notify } from './notify.ts';
import { getQueryFn } from './query-client.ts';
import { localKeys, sessionKeys, writeStorage } from './storage-keys.ts';
import { USER_DATA_CACHE } from '#contract/pwa.ts';

/** The signed-in user, shared by every feature: null means signed out (a failed call counts as signed out). */
export const currentUserQueryKey = ['/api/auth/me'] as const;

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: getQueryFn<PublicUser>({ on401: 'returnNull' }),
  staleTime: 5 * 60 * 1000,
  retry: false,
});

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions);
  return { user: query.data ?? null, isLoading: query.isPending, isError: query.isError };
}

/**
 * Empties the service worker's copy of this person's data (decision 080): the next person on the device sees
 * none of it offline. The worker empties it too when the sign-out passes through it; this covers a page the
 * worker did not control (a reload that bypassed it).
 */
export async function forgetOfflineUserData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(USER_DATA_CACHE).catch(() => false);
}

/** Query keys a sign-out clears (spec section 4: session, subscription info, users). */
const signedInQueryPrefixes = ['/api/auth/me', '/api/auth/subscription-info', '/api/users'];

/**
 * Spec section 4: logout clears the cached session, subscription-info and users data and the
 * testPremium flag, says 'Signed out' and goes to /.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async function signOut() {
    try {
      await api.post('/api/auth/logout').catch(() => {
        throw new Error('Logout failed');
      });
      for (const prefix of signedInQueryPrefixes) queryClient.removeQueries({ queryKey: [prefix] });
      queryClient.setQueryData(currentUserQueryKey, null);
      writeStorage('local', localKeys.testPremium, null);
      writeStorage('session', sessionKeys.chatDraft, null);
      await forgetOfflineUserData();
      notify(authText.signedOut);
      navigate('/');
    } catch {
      notify({ ...authText.signOutFailed, variant: 'destructive' });
    }
  };
}
