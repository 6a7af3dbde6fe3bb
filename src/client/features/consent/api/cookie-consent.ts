import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CookieConsent } from '#contract/consent.ts';
import { api } from '#client/lib/api-client.ts';

/** Keyed by user, so a second account signing in on the same tab never sees the first one's choice. */
export const cookieConsentQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['/api/cookie-consent', userId],
    queryFn: ({ signal }) => api.get<CookieConsent>('/api/cookie-consent', { signal }),
  });

export function useCookieConsentQuery(userId: string | null) {
  return useQuery({ ...cookieConsentQueryOptions(userId ?? ''), enabled: userId !== null });
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
