import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StripeConfigResponse } from '#contract/billing.ts';
import { api } from '#client/lib/api-client.ts';

export const stripeConfigQueryOptions = queryOptions({
  queryKey: ['/api/stripe-config'],
  queryFn: ({ signal }) => api.get<StripeConfigResponse>('/api/stripe-config', { signal }),
});

export function useStripeConfig() {
  return useQuery(stripeConfigQueryOptions);
}
