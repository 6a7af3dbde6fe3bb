import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionInfo } from '#contract/billing.ts';
import { api } from '#client/lib/api-client.ts';

/** Spec section 7: only subscriber accounts fetch it; the key is the one sign-out clears. */
export const subscriptionInfoQueryKey = ['/api/auth/subscription-info'] as const;

export const subscriptionInfoQueryOptions = queryOptions({
  queryKey: subscriptionInfoQueryKey,
  queryFn: ({ signal }) => api.get<SubscriptionInfo>('/api/auth/subscription-info', { signal }),
});

export function useSubscriptionInfo(enabled: boolean) {
  return useQuery({ ...subscriptionInfoQueryOptions, enabled });
}
