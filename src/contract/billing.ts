import { z } from 'zod';
import { billingPeriods } from './plans.ts';
import { subscriptionLevels, billingValidation, countriesWithStates } from './billing-text.ts';

// Strings, constants and helpers without zod live in billing-text.ts, so a screen that only shows them does
// not load zod and build every schema (issue 18, decision 042).
export { subscriptionStatuses, subscriptionLevels, billingValidation, countriesWithStates, billingText, subscriptionSummaryText, formatBillingDate, formatCents, billingCountries } from './billing-text.ts';
export type { SubscriptionStatus, SubscriptionLevel } from './billing-text.ts';

/**
 * Billing (spec sections 3, 4, 7, 8): the shapes of every billing call, and every string the
 * checkout page, the subscription summary and the billing e-mails show.
 */

export const billingPeriodSchema = z.enum(billingPeriods);

const text = (message: string, max = 200) => z.string().trim().min(1, message).max(max, billingValidation.tooLong);

/** Step 1 of checkout: the billing address, which becomes the Stripe customer's address (and decides tax). */
export const billingAddressSchema = z
  .object({
    name: text(billingValidation.nameRequired, 120),
    line1: text(billingValidation.line1Required),
    line2: z.string().trim().max(200, billingValidation.tooLong).optional().default(''),
    city: text(billingValidation.cityRequired, 100),
    state: z.string().trim().max(100, billingValidation.tooLong).optional().default(''),
    postalCode: text(billingValidation.postalCodeRequired, 20),
    country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, billingValidation.countryInvalid),
  })
  .refine((a) => !(countriesWithStates as readonly string[]).includes(a.country) || a.state.length > 0, {
    message: billingValidation.stateRequired,
    path: ['state'],
  });
export type BillingAddress = z.infer<typeof billingAddressSchema>;
export type BillingAddressInput = z.input<typeof billingAddressSchema>;

/** True when step 1 may continue ('Continue to Payment' is enabled only then). */
export function isAddressComplete(address: BillingAddressInput): boolean {
  return billingAddressSchema.safeParse(address).success;
}

// Stripe ids are short ASCII tokens such as sub_1Nx...; anything else is not one of ours.
export const stripeSubscriptionIdSchema = z.string().regex(/^sub_[A-Za-z0-9]{1,250}$/, billingValidation.subscriptionIdInvalid);

export const stripeConfigResponseSchema = z.object({
  /** The publishable key; null when this server takes no payments. */
  publicKey: z.string().nullable(),
  /** Where the browser loads Stripe.js from; null: Stripe's own address. */
  jsUrl: z.string().nullable(),
});
export type StripeConfigResponse = z.infer<typeof stripeConfigResponseSchema>;

export const createSubscriptionInputSchema = z.object({ period: billingPeriodSchema, address: billingAddressSchema });
export type CreateSubscriptionInput = z.input<typeof createSubscriptionInputSchema>;

export const createSubscriptionResponseSchema = z.object({ clientSecret: z.string(), customerId: z.string(), subscriptionId: z.string() });
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

/** Amounts in cents. */
export const subscriptionPricingResponseSchema = z.object({ subtotal: z.number().int(), tax: z.number().int(), total: z.number().int(), currency: z.string() });
export type SubscriptionPricing = z.infer<typeof subscriptionPricingResponseSchema>;

export const subscriptionIdParamsSchema = z.object({ subscriptionId: stripeSubscriptionIdSchema });
export const cancelIncompleteInputSchema = z.object({ subscriptionId: stripeSubscriptionIdSchema });

export const changePeriodInputSchema = z.object({ period: billingPeriodSchema });

export const subscriptionInfoSchema = z.object({
  subscriptionLevel: z.enum(subscriptionLevels),
  subscriptionPeriod: billingPeriodSchema.nullable(),
  /** When the next payment is taken, or (cancelAtPeriodEnd) when Premium ends; ISO 8601. */
  nextBillingDate: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

export const billingMessageResponseSchema = z.object({ message: z.string() });
