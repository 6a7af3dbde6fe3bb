import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionPricing } from '#contract/billing.ts';
import { api } from '#client/lib/api-client.ts';

export const subscriptionPricingQueryOptions = (subscriptionId: string) =>
  queryOptions({
    queryKey: ['/api/subscription-pricing', subscriptionId],
    queryFn: ({ signal }) => api.get<SubscriptionPricing>(`/api/subscription-pricing/${encodeURIComponent(subscriptionId)}`, { signal }),
  });

export function useSubscriptionPricing(subscriptionId: string) {
  return useQuery(subscriptionPricingQueryOptions(subscriptionId));
}
