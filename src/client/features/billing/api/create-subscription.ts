import { useMutation } from '@tanstack/react-query';
import type { CreateSubscriptionInput, CreateSubscriptionResponse } from '#contract/billing.ts';
import { api } from '#client/lib/api-client.ts';

export function createSubscription(input: CreateSubscriptionInput) {
  return api.post<CreateSubscriptionResponse>('/api/create-embedded-subscription', input);
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}
