// Billing words and helpers without zod: the account menu and its dialogs import them from here (issue 18, decision 042).

/**
 * Billing (spec sections 3, 4, 7, 8): the shapes of every billing call, and every string the
 * checkout page, the subscription summary and the billing e-mails show.
 */

/** Stripe's subscription statuses, stored as they come ('inactive' before Stripe has one). */
export const subscriptionStatuses = ['inactive', 'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const subscriptionLevels = ['free', 'premium'] as const;
export type SubscriptionLevel = (typeof subscriptionLevels)[number];

export const billingValidation = {
  nameRequired: 'Please enter the name on the card',
  line1Required: 'Please enter your street address',
  cityRequired: 'Please enter your city',
  stateRequired: 'Please enter your state or province',
  postalCodeRequired: 'Please enter your postal code',
  countryInvalid: 'Please choose your country',
  tooLong: 'This is too long',
  subscriptionIdInvalid: 'Not a valid subscription id',
} as const;

/** Countries whose addresses need a state or province for tax. */
export const countriesWithStates = ['US', 'CA', 'AU'] as const;

/** What the page and summary say (spec section 8 where it names them). */
export const billingText = {
  paymentFailedTitle: 'Payment Failed',
  paymentFailedFallback: 'An error occurred during payment processing.',
  processingErrorTitle: 'Payment Processing Error',
  processingErrorBody: 'An unexpected error occurred while processing your payment. Please try again.',
  successTitle: 'Payment Successful!',
  successBody: (product: string) => `Welcome to ${product} Premium! Every advisor, your conversation history and PDF export are now yours.`,
  initFailed: 'Failed to initialize payment. Please try again.',
  /** A refusal that trying again cannot fix (the server said why): its message under this title, never initFailed. */
  cannotStartTitle: 'Payment cannot start yet',
  /** Checkout with an unverified address (decision 057): said before the form, which waits for the link. */
  verifyFirstTitle: 'Verify your email address to continue',
  verifyFirstBody: (email: string) =>
    `Before you pay, we need to know ${email} is yours. Open the link we emailed you (it opens in a new tab), then come back here: this page continues with your plan as soon as the address is verified.`,
  verifyFirstResend: 'Resend verification e-mail',
  verifyFirstWaiting: 'Waiting for your verification…',
  /** The verify page, for someone in the middle of a checkout (decision 057). */
  continueToCheckout: 'Continue to checkout',
  clientSecretMissing: 'Unable to initialize payment. Please try again.',
  noPublicKey: 'No Stripe public key received from server',
  planLocked: 'Plan Locked: Please go back to change your plan selection.',
  notConfiguredTitle: 'Payments are not set up on this server',
  notConfiguredBody: 'This server has not been configured to take card payments, so Premium cannot be bought here yet. Nothing has been charged. You can keep using the Free Tier.',
  stripeLoadFailed: 'The secure payment form could not be loaded. Check your connection and try again.',
  processingPayment: 'Your payment is being processed. We will switch on Premium as soon as your bank confirms it.',
  cancelledTitle: 'Subscription Cancelled',
  cancelFailedTitle: 'Cancellation Failed',
  cancelFailedFallback: 'Failed to cancel subscription',
  cancelConfirmTitle: 'Cancel your Premium subscription?',
  cancelConfirmBody: (date: string) => `You keep Premium until ${date}. After that your account returns to the Free Tier; your conversations stay, and nothing more is charged.`,
  cancelled: (date: string) => `Your subscription has been cancelled. Premium stays active until ${date}.`,
  periodChanged: (period: 'monthly' | 'yearly') =>
    `Your plan is now ${period === 'yearly' ? 'Yearly' : 'Monthly'}. The difference for the rest of this period has been settled on your card or account balance.`,
  periodChangedTitle: 'Plan changed',
  periodChangeFailedTitle: 'Plan change failed',
} as const;

/** The profile summary's labels (spec section 2). */
export const subscriptionSummaryText = {
  plan: 'Plan',
  premium: 'Premium',
  free: 'Free',
  monthly: 'Monthly',
  yearly: 'Yearly',
  nextBilling: 'Next Billing',
  expiresOn: 'Expires On',
  manage: 'Manage Subscription',
  cancel: 'Cancel Subscription',
  keep: 'Keep Premium',
} as const;

/** Dates on bills: 'December 23, 2027' in the reader's locale, in UTC so every screen agrees with the e-mail. */
export function formatBillingDate(iso: string | Date, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale ?? 'en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** '$9.99' from 999 cents (usd); other currencies with their code. */
export function formatCents(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** Countries offered in the billing address (where Stripe takes card payments), by ISO code; names come from the browser's locale. */
export const billingCountries = [
  'US', 'CA', 'GB', 'IE', 'AU', 'NZ', 'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IT', 'LV', 'LT', 'LU', 'MT',
  'NL', 'NO', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'CH', 'LI', 'IS', 'JP', 'SG', 'HK', 'MY', 'TH', 'AE', 'MX', 'BR', 'IN', 'ZA',
] as const;
