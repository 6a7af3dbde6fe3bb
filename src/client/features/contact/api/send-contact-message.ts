import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '#contract/contact.ts';
import { api } from '#client/lib/api-client.ts';

export function sendContactMessage(input: ContactInput) {
  return api.post<{ message: string }>('/api/contact', input);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
