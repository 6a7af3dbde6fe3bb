import type { FastifyBaseLogger } from 'fastify';
import type { ForgotPasswordInput, PublicUser, ResetPasswordInput, SignInInput, SignUpInput } from '#contract/auth.ts';
import { authResponses, EMAIL_VERIFICATION_HOURS, REMEMBER_ME_DAYS, VERIFICATION_RESEND_SECONDS, type VerifyEmailInput } from '#contract/auth.ts';
import { isPremium } from '#contract/entitlements.ts';
import { premiumFor } from '#server/features/billing/index.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { User } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { sendAccountMail } from '#server/mail/account-mail.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { IssuedSession } from '#server/plugins/session.ts';
import * as queries from './auth.queries.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import type { SessionCache } from './session-cache.ts';
import { hashToken, newToken } from './tokens.ts';

const RESET_TOKEN_MINUTES = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  sessionCache: SessionCache;
}

/** What signup asks the account feature (which owns pictures; it depends on auth, not the other way). */
export interface SignUpDeps {
  /** Whether a new account may take this avatar: uploaded before any account, stored, nobody's picture yet. */
  pictureFreeForSignup: (path: string) => Promise<boolean>;
}

export function toPublicUser(user: User, premium: boolean = isPremium(user.appUserType)): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    appUserType: user.appUserType,
    profileImageUrl: user.profileImageUrl,
    defaultExecutiveRole: user.defaultExecutiveRole,
    defaultIndustry: user.defaultIndustry,
    defaultUserRole: user.defaultUserRole,
    dailyInteractionsUsed: user.dailyInteractionsUsed,
    dailyAttachmentsUsed: user.dailyAttachmentsUsed,
    lastInteractionDate: user.lastInteractionDate,
    cookiesAccepted: user.cookiesAccepted,
    cookieConsentDate: user.cookieConsentDate?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
    numLogins: user.numLogins,
    isPremium: premium,
    emailVerified: user.emailVerifiedAt !== null,
  };
}

/**
 * Per-account sign-in back-off (decision 017), on top of the per-address-of-the-caller limit: four
 * failures are free, then each one locks the address for 30 s, 1, 2, 4 ... minutes, at most an
 * hour; a day without failures, a successful sign-in or a password reset starts over.
 */
export const signInBackoff = { freeFailures: 4, baseSeconds: 30, maxSeconds: 60 * 60, forgetAfterHours: 24 } as const;

/** The throttle's key: the lower-cased address, hashed (addresses typed by strangers are not kept). */
export const throttleKey = (email: string) => hashToken(`sign-in:${email.trim().toLowerCase()}`);

function lockedError(until: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  return new AppError(
    'rate_limit:account',
    `Too many failed sign-in attempts for this account. Please try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}, or reset your password.`,
  );
}

/**
 * Operators listed in ADMIN_EMAILS become admins only once they prove they own the mailbox, by
 * following a reset or verification link sent to that very address while it is listed: whoever
 * signs up first with the address, or moves their account to it, gets nothing (decision 050).
 */
function isOperatorEmail(config: Config, email: string): boolean {
  return config.adminEmails.includes(email.toLowerCase());
}

/** A new browser session: the token goes in the cookie, its hash in the database. */
async function issueSession(deps: AuthDeps, userId: string, persistent: boolean, userAgent: string | null): Promise<IssuedSession> {
  const token = newToken();
  const lifetimeMs = persistent ? REMEMBER_ME_DAYS * DAY_MS : deps.config.session.shortHours * 60 * 60 * 1000;
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await queries.insertSession(deps.db, { userId, tokenHash: hashToken(token), persistent, expiresAt, userAgent });
  return { token, persistent, expiresAt };
}

export async function signUp(deps: AuthDeps & SignUpDeps, input: SignUpInput, userAgent: string | null) {
  const email = input.email.toLowerCase();
  // Only a picture uploaded for this signup: never a path that is missing, an account's upload, or another account's avatar.
  const picture = input.profilePicture ?? null;
  if (picture && !(await deps.pictureFreeForSignup(picture))) throw new AppError('not_found:upload');
  const verificationToken = newToken();
  const user = await queries.insertUser(deps.db, {
    emailVerificationToken: hashToken(verificationToken),
    email,
    firstName: input.firstName,
    lastName: input.lastName,
    password: await hashPassword(input.password),
    appUserType: 'standard',
    profileImageUrl: picture,
  });
  // Both unique indexes (e-mail, picture) end in "nothing inserted": say which one a parallel signup took.
  if (!user) throw new AppError(picture && !(await deps.pictureFreeForSignup(picture)) ? 'not_found:upload' : 'conflict:email');
  setImmediate(() => sendVerificationMail(deps, user, verificationToken));
  // A new account stays signed in like 'Stay signed in' (see docs/decisions/002-sessions.md).
  const session = await issueSession(deps, user.id, true, userAgent);
  return { user: toPublicUser(user), session };
}

export async function signIn(deps: AuthDeps, input: SignInInput, userAgent: string | null) {
  // A locked address is refused whatever the password: the back-off holds against a correct guess too.
  const key = throttleKey(input.email);
  const lockedUntil = await queries.signInLockedUntil(deps.db, key);
  if (lockedUntil) throw lockedError(lockedUntil);
  const user = await queries.findActiveUserByEmail(deps.db, input.email);
  const valid = user ? await verifyPassword(user.password, input.password) : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
  if (!user || !valid) {
    // Addresses without an account are counted alike, so a lockout tells nothing about accounts.
    const until = await queries.recordSignInFailure(deps.db, key, signInBackoff);
    if (until) throw lockedError(until);
    throw new AppError('unauthorized:credentials');
  }
  await queries.clearSignInFailures(deps.db, key);
  const updated = await queries.recordLogin(deps.db, user.id, user.appUserType);
  deps.sessionCache.invalidateUser(user.id);
  const session = await issueSession(deps, user.id, input.rememberMe ?? true, userAgent);
  return { user: toPublicUser(updated, await premiumFor(deps.db, updated)), session };
}

export async function logout(deps: AuthDeps, token: string | undefined): Promise<void> {
  if (!token) return;
  const tokenHash = hashToken(token);
  deps.sessionCache.deleteToken(tokenHash);
  await queries.deleteSessionByHash(deps.db, tokenHash);
}

/** The signed-in user behind a cookie token, from the short-lived cache when it can. */
export async function userForSessionToken(deps: Pick<AuthDeps, 'db' | 'sessionCache'>, token: string): Promise<User | undefined> {
  // A token is newToken()'s 43 characters: a much longer cookie is no session, and is neither hashed nor looked up.
  if (token.length > 100) return undefined;
  const tokenHash = hashToken(token);
  const cached = deps.sessionCache.get(tokenHash);
  if (cached) return cached;
  const found = await queries.findUserBySessionHash(deps.db, tokenHash);
  if (found) {
    deps.sessionCache.set(tokenHash, found.user, found.expiresAt);
    await queries.touchSession(deps.db, tokenHash);
  }
  return found?.user;
}

/**
 * The work behind "Forgot password", done after the answer has gone (the route does not wait for
 * it): the answer and its timing are the same whether or not the address has an account, since
 * neither the database write (only a registered address has a row to update) nor the e-mail is
 * part of it. `npm run bench` compares the medians of both.
 */
export async function forgotPassword(deps: AuthDeps, input: ForgotPasswordInput): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  const token = newToken();
  const user = await queries.setResetTokenByEmail(deps.db, input.email, hashToken(token), new Date(Date.now() + RESET_TOKEN_MINUTES * 60 * 1000));
  if (user) sendResetMail(deps, user, token);
}

function sendResetMail(deps: AuthDeps, user: { email: string; firstName: string }, token: string): void {
  const appName = deps.config.appName;
  sendAccountMail(
    { ...deps, appName },
    {
      to: user.email,
      firstName: user.firstName,
      subject: `Reset your ${appName} password`,
      intro: [`Someone (hopefully you) asked to reset the password of your ${appName} account.`, 'Open this link within one hour to choose a new password:'],
      action: { url: `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`, label: 'Choose a new password', note: '(the link works for one hour, once).' },
      outro: ['If you did not ask for this, ignore this e-mail: your password stays as it is.'],
      failure: 'password reset e-mail failed',
    },
  );
}

export async function resetPassword(deps: AuthDeps, input: ResetPasswordInput): Promise<void> {
  const user = await queries.resetPasswordWithToken(deps.db, hashToken(input.token), await hashPassword(input.password));
  if (!user) throw new AppError('bad_request:reset_token');
  if (isOperatorEmail(deps.config, user.email)) await queries.makeAdmin(deps.db, user.id, user.email);
  await queries.clearSignInFailures(deps.db, throttleKey(user.email));
  deps.sessionCache.invalidateUser(user.id);
}

/** Follows a verification link: the address is proven, and an operator's account becomes admin. */
export async function verifyEmail(deps: AuthDeps, input: VerifyEmailInput): Promise<string> {
  const user = await queries.verifyEmailWithToken(deps.db, hashToken(input.token), EMAIL_VERIFICATION_HOURS);
  if (!user) throw new AppError('bad_request:verification_token');
  if (isOperatorEmail(deps.config, user.email)) await queries.makeAdmin(deps.db, user.id, user.email);
  deps.sessionCache.invalidateUser(user.id);
  return authResponses.emailVerified;
}

/** Sends a new verification link to the signed-in user, at most one a minute. */
export async function resendVerification(deps: AuthDeps, user: User): Promise<string> {
  if (user.emailVerifiedAt) return authResponses.emailVerified;
  const token = newToken();
  if (!(await queries.renewVerificationToken(deps.db, user.id, user.email, hashToken(token), VERIFICATION_RESEND_SECONDS))) {
    throw new AppError('rate_limit:verification');
  }
  sendVerificationMail(deps, user, token);
  return authResponses.verificationSent;
}

export function sendVerificationMail(deps: AuthDeps, user: { email: string; firstName: string }, token: string): void {
  const appName = deps.config.appName;
  sendAccountMail(
    { ...deps, appName },
    {
      to: user.email,
      firstName: user.firstName,
      subject: `Verify your email address for ${appName}`,
      intro: [`Welcome to ${appName}! Please confirm that this is your email address by opening this link within ${EMAIL_VERIFICATION_HOURS} hours:`],
      action: { url: `${deps.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`, label: 'Verify my email address', note: `(the link works for ${EMAIL_VERIFICATION_HOURS} hours).` },
      outro: ['If you did not create an account, ignore this e-mail.'],
      failure: 'verification e-mail failed',
    },
  );
}
