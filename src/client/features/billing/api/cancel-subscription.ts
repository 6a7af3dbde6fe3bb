import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api-client.ts';
import { currentUserQueryKey } from '#client/lib/session.ts';
import { subscriptionInfoQueryKey } from './get-subscription-info.ts';

export interface CancelSubscriptionResponse {
  message: string;
  cancelAtPeriodEnd: boolean;
  nextBillingDate: string | null;
}

export function cancelSubscription() {
  return api.post<CancelSubscriptionResponse>('/api/cancel-subscription');
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: subscriptionInfoQueryKey });
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
