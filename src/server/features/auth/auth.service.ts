import type { FastifyBaseLogger } from 'fastify';
import type { ForgotPasswordInput, PublicUser, ResetPasswordInput, SignInInput, SignUpInput } from '#contract/auth.ts';
import { REMEMBER_ME_DAYS } from '#contract/auth.ts';
import { isPremium } from '#contract/entitlements.ts';
import { premiumFor } from '#server/features/billing/index.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { User } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
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
  };
}

/**
 * Operators listed in ADMIN_EMAILS become admins only once they prove they own the mailbox, by
 * following a password-reset link sent to it: whoever signs up first with the address gets nothing.
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

export async function signUp(deps: AuthDeps, input: SignUpInput, userAgent: string | null) {
  const email = input.email.toLowerCase();
  const user = await queries.insertUser(deps.db, {
    email,
    firstName: input.firstName,
    lastName: input.lastName,
    password: await hashPassword(input.password),
    appUserType: 'standard',
    profileImageUrl: input.profilePicture ?? null,
  });
  if (!user) throw new AppError('conflict:email');
  // A new account stays signed in like 'Stay signed in' (see docs/decisions/002-sessions.md).
  const session = await issueSession(deps, user.id, true, userAgent);
  return { user: toPublicUser(user), session };
}

export async function signIn(deps: AuthDeps, input: SignInInput, userAgent: string | null) {
  const user = await queries.findActiveUserByEmail(deps.db, input.email);
  if (!user) {
    await verifyPassword(await dummyPasswordHash(), input.password);
    throw new AppError('unauthorized:credentials');
  }
  if (!(await verifyPassword(user.password, input.password))) throw new AppError('unauthorized:credentials');
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
  const tokenHash = hashToken(token);
  const cached = deps.sessionCache.get(tokenHash);
  if (cached) return cached;
  const found = await queries.findUserBySessionHash(deps.db, tokenHash);
  if (found) deps.sessionCache.set(tokenHash, found.user, found.expiresAt);
  return found?.user;
}

/**
 * Answers the same, after the same work, whether or not the address has an account: one update
 * that matches a row or none, then the e-mail queued in the background, so neither the answer nor
 * its timing tells which addresses have accounts.
 */
export async function forgotPassword(deps: AuthDeps, input: ForgotPasswordInput): Promise<void> {
  const token = newToken();
  const user = await queries.setResetTokenByEmail(deps.db, input.email, hashToken(token), new Date(Date.now() + RESET_TOKEN_MINUTES * 60 * 1000));
  if (user) setImmediate(() => sendResetMail(deps, user, token));
}

function sendResetMail(deps: AuthDeps, user: { email: string; firstName: string }, token: string): void {
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const appName = deps.config.appName;
  deps.mailer
    .send({
      to: user.email,
      subject: `Reset your ${appName} password`,
      text: [
        `Hello ${user.firstName},`,
        '',
        `Someone (hopefully you) asked to reset the password of your ${appName} account.`,
        'Open this link within one hour to choose a new password:',
        '',
        link,
        '',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        '',
        `The ${appName} team`,
      ].join('\n'),
      html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(appName)} account.</p><p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works for one hour, once).</p><p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
    })
    .catch((err: unknown) => deps.log.error({ err }, 'password reset e-mail failed'));
}

export async function resetPassword(deps: AuthDeps, input: ResetPasswordInput): Promise<void> {
  const user = await queries.resetPasswordWithToken(deps.db, hashToken(input.token), await hashPassword(input.password));
  if (!user) throw new AppError('bad_request:reset_token');
  if (isOperatorEmail(deps.config, user.email)) await queries.makeAdmin(deps.db, user.id);
  deps.sessionCache.invalidateUser(user.id);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
