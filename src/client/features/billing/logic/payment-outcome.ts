import { billingText } from '#contract/billing.ts';

export type PaymentOutcome =
  | { kind: 'succeeded' }
  | { kind: 'processing' }
  /** A notice: 'Payment Failed' with Stripe's message, or 'Payment Processing Error'. */
  | { kind: 'failed'; title: string; description: string };

interface ConfirmResult {
  error?: { type?: string; message?: string };
  paymentIntent?: { status?: string };
}

/** What the checkout page does with stripe.confirmPayment's answer (spec section 8's payment messages). */
export function paymentOutcome(result: ConfirmResult | { thrown: unknown }): PaymentOutcome {
  if ('thrown' in result) return { kind: 'failed', title: billingText.processingErrorTitle, description: billingText.processingErrorBody };
  if (result.error) return { kind: 'failed', title: billingText.paymentFailedTitle, description: result.error.message || billingText.paymentFailedFallback };
  const status = result.paymentIntent?.status;
  if (status === 'succeeded') return { kind: 'succeeded' };
  if (status === 'processing') return { kind: 'processing' };
  return { kind: 'failed', title: billingText.paymentFailedTitle, description: billingText.paymentFailedFallback };
}
