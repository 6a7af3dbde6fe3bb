/**
 * What other features may use of the auth feature (ESLint allows imports of a feature only through
 * its index.ts): password hashing and the hash a session token is stored under.
 */
export { hashPassword, verifyPassword } from './passwords.ts';
export { hashToken } from './tokens.ts';
export { sendVerificationMail, throttleKey, toPublicUser, type AuthDeps } from './auth.service.ts';
export { newToken } from './tokens.ts';
export { noOutstandingLinks } from './auth.queries.ts';
export type { SessionCache } from './session-cache.ts';
