/**
 * What other features may use of the billing feature (ESLint allows imports of a feature only
 * through its index.ts): whether a user is Premium now, and ending subscriptions when an account goes.
 */
export { premiumFor } from './premium.ts';
export { cancelSubscriptionsForDeletedAccount, stopBillingForDisabledAccount } from './billing.service.ts';
export type { BillingDeps } from './billing-deps.ts';
