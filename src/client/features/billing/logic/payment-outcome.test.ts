import { describe, expect, it } from 'vitest';
import { paymentOutcome } from './payment-outcome.ts';

describe('paymentOutcome', () => {
  it("shows Stripe's own message when a card is declined, a fallback when it gives none", () => {
    expect(paymentOutcome({ error: { type: 'card_error', message: 'Your card was declined.' } })).toEqual({ kind: 'failed', title: 'Payment Failed', description: 'Your card was declined.' });
    expect(paymentOutcome({ error: { type: 'api_error' } })).toEqual({ kind: 'failed', title: 'Payment Failed', description: 'An error occurred during payment processing.' });
  });

  it('an exception is a processing error', () => {
    expect(paymentOutcome({ thrown: new Error('network') })).toEqual({
      kind: 'failed',
      title: 'Payment Processing Error',
      description: 'An unexpected error occurred while processing your payment. Please try again.',
    });
  });

  it('succeeded and processing intents are payments made; anything else is not', () => {
    expect(paymentOutcome({ paymentIntent: { status: 'succeeded' } })).toEqual({ kind: 'succeeded' });
    expect(paymentOutcome({ paymentIntent: { status: 'processing' } })).toEqual({ kind: 'processing' });
    expect(paymentOutcome({ paymentIntent: { status: 'requires_payment_method' } }).kind).toBe('failed');
  });
});
