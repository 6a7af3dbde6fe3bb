import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionInfo } from '#contract/billing.ts';
import type { BillingPeriod } from '#contract/plans.ts';
import { api } from '#client/lib/api-client.ts';
import { subscriptionInfoQueryKey } from './get-subscription-info.ts';

export function changeSubscriptionPeriod(period: BillingPeriod) {
  return api.post<SubscriptionInfo & { message: string }>('/api/change-subscription-period', { period });
}

export function useChangeSubscriptionPeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscriptionPeriod,
    onSuccess: (info) => queryClient.setQueryData(subscriptionInfoQueryKey, info),
  });
}
