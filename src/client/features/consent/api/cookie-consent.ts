import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PublicUser } from '#contract/auth.ts';
import type { CookieConsent } from '#contract/consent.ts';
import { api } from '#client/lib/api-client.ts';

/** Keyed by user, so a second account signing in on the same tab never sees the first one's choice. */
export const cookieConsentQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['/api/cookie-consent', userId],
    queryFn: ({ signal }) => api.get<CookieConsent>('/api/cookie-consent', { signal }),
  });

/**
 * The signed-in user's choice. /api/auth/me already carries it, so it is the query's first data: the
 * banner shows (or not) as soon as the user is known, without a request of its own that would wait
 * for the page's chunks (docs/decisions/040-first-paint.md). A save writes the query's data.
 */
export function useCookieConsentQuery(user: Pick<PublicUser, 'id' | 'cookiesAccepted' | 'cookieConsentDate'> | null) {
  return useQuery({
    ...cookieConsentQueryOptions(user?.id ?? ''),
    enabled: user !== null,
    initialData: user ? { cookiesAccepted: user.cookiesAccepted, cookieConsentDate: user.cookieConsentDate } : undefined,
  });
}

export function saveCookieConsent(cookiesAccepted: boolean) {
  return api.post<CookieConsent>('/api/cookie-consent', { cookiesAccepted });
}

/**
 * Shows the choice at once and puts the previous value back if the server refuses it. A plain
 * function rather than useMutation: this runs on every page, and the mutation machinery would
 * add to the first load of all of them.
 */
export function useSaveCookieConsent(userId: string | null) {
  const queryClient = useQueryClient();
  return useCallback(
    async (cookiesAccepted: boolean) => {
      const key = cookieConsentQueryOptions(userId ?? '').queryKey;
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, { cookiesAccepted, cookieConsentDate: new Date().toISOString() });
      try {
        queryClient.setQueryData(key, await saveCookieConsent(cookiesAccepted));
      } catch (error) {
        queryClient.setQueryData(key, previous);
        throw error;
      }
    },
    [queryClient, userId],
  );
}
