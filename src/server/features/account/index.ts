/**
 * What other features may use of the account feature (ESLint allows imports of a feature only
 * through its index.ts). The account owns the users table's counters and saved defaults.
 */
export { interactionCounting, storageUsed } from './account.queries.ts';
export { attachmentLimitFor, chargeAttachment, hasAttachmentLeft, storageLimitFor } from './account.service.ts';
export { chargeInteraction, interactionLimitFor, refundInteraction, type AccountDeps } from './account.service.ts';
