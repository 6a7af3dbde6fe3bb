import type { ChangePasswordInput, UpdateProfileInput, UserSession } from '#contract/account.ts';
import { accountMessages } from '#contract/account.ts';
import type { PublicUser } from '#contract/auth.ts';
import { EMAIL_VERIFICATION_HOURS } from '#contract/auth.ts';
import { hashPassword, hashToken, newToken, toPublicUser, verifyPassword } from '#server/features/auth/index.ts';
import { AppError } from '#server/errors.ts';
import { assertSelf, type Caller } from '#server/plugins/session.ts';
import type { AccountServiceDeps } from './account-deps.ts';
import { deleteProfilePicture, pictureExists } from './profile-pictures.ts';
import * as queries from './profile.queries.ts';
import { sendAccountMail } from '#server/mail/account-mail.ts';

/**
 * Edit Profile (spec sections 2, 5, 7): names, e-mail and picture of the caller's own account. A new
 * e-mail needs the current password, is unproven until its link is followed (decision 017), and the
 * old address is told. 'That email address already exists.' when another account has it.
 */
export async function updateProfile(deps: AccountServiceDeps, caller: Caller, userId: string, input: UpdateProfileInput): Promise<PublicUser> {
  assertSelf(caller, userId);
  const user = caller.user;
  const email = input.email?.toLowerCase();
  const emailChanges = email !== undefined && email !== user.email.toLowerCase();
  if (emailChanges) {
    if (!input.currentPassword) throw new AppError('bad_request:current_password_required');
    if (!(await verifyPassword(user.password, input.currentPassword))) throw new AppError('bad_request:current_password');
    if (await queries.emailTaken(deps.db, email, user.id)) throw new AppError('conflict:email_exists');
  }
  const pictureChanges = input.profileImageUrl !== undefined && input.profileImageUrl !== user.profileImageUrl;
  if (pictureChanges && input.profileImageUrl && ((await queries.pictureTaken(deps.db, input.profileImageUrl, user.id)) || !(await pictureExists(deps, input.profileImageUrl)))) {
    throw new AppError('not_found:object');
  }
  const verificationToken = emailChanges ? newToken() : undefined;
  const updated = await queries.updateProfile(deps.db, user.id, {
    firstName: input.firstName,
    lastName: input.lastName,
    ...(emailChanges ? { email, emailVerificationToken: hashToken(verificationToken!) } : {}),
    ...(pictureChanges ? { profileImageUrl: input.profileImageUrl } : {}),
  });
  if (!updated) throw new AppError(emailChanges ? 'conflict:email_exists' : 'not_found:user');
  deps.sessionCache.invalidateUser(user.id);
  if (pictureChanges && user.profileImageUrl) await deleteProfilePicture(deps, deps.db, user.profileImageUrl);
  if (emailChanges) {
    confirmNewAddress(deps, updated, verificationToken!);
    tellOldAddress(deps, user.email, updated.firstName, updated.email);
  }
  return toPublicUser(updated, caller.isPremium);
}

/**
 * The new address's own mail (issue 29, point 8): it confirms an address the owner asked for, so it is not
 * the signup's welcome ("If you did not create an account..."). Its link is the verification link.
 */
function confirmNewAddress(deps: AccountServiceDeps, user: { email: string; firstName: string }, token: string): void {
  const appName = deps.config.appName;
  sendAccountMail(
    { ...deps, appName },
    {
      to: user.email,
      firstName: user.firstName,
      subject: `Confirm your new email address for ${appName}`,
      intro: [`You asked to use ${user.email} for your ${appName} account. Please confirm it by opening this link within ${EMAIL_VERIFICATION_HOURS} hours:`],
      action: {
        url: `${deps.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`,
        label: 'Confirm my new email address',
        note: `(the link works for ${EMAIL_VERIFICATION_HOURS} hours).`,
      },
      outro: ['If you did not ask for this, ignore this e-mail: the address stays unconfirmed.'],
      failure: 'new address confirmation e-mail failed',
    },
  );
}

/** The old address is told what changed, and where to go if it was not its owner (mail comes from a no-reply address). */
function tellOldAddress(deps: AccountServiceDeps, oldEmail: string, firstName: string, newEmail: string): void {
  const appName = deps.config.appName;
  sendAccountMail(
    { ...deps, appName },
    {
      to: oldEmail,
      firstName,
      subject: `Your ${appName} email address was changed`,
      intro: [
        `The email address of your ${appName} account was changed to ${newEmail}. Sign-in and our e-mails now use the new address.`,
        'If this was not you, contact us at once so we can secure your account:',
      ],
      action: { url: `${deps.config.publicUrl}/contact`, label: 'Contact us', note: 'if this was not you.' },
      outro: ['If it was you, there is nothing more to do.'],
      failure: 'e-mail change notice failed',
    },
  );
}

/** Change password (spec section 5): the current one must be right; every other session ends. */
export async function changePassword(deps: AccountServiceDeps, caller: Caller, userId: string, input: ChangePasswordInput, currentToken: string | undefined): Promise<string> {
  assertSelf(caller, userId);
  if (!(await verifyPassword(caller.user.password, input.currentPassword))) throw new AppError('bad_request:current_password');
  await queries.changePassword(deps.db, caller.user.id, await hashPassword(input.newPassword), currentToken ? hashToken(currentToken) : null);
  deps.sessionCache.invalidateUser(caller.user.id);
  return accountMessages.passwordChanged;
}

export async function listSessions(deps: AccountServiceDeps, caller: Caller, userId: string, currentToken: string | undefined): Promise<UserSession[]> {
  assertSelf(caller, userId);
  const current = currentToken ? hashToken(currentToken) : null;
  const rows = await queries.listSessions(deps.db, caller.user.id);
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.tokenHash === current,
  }));
}

export async function endSession(deps: AccountServiceDeps, caller: Caller, userId: string, sessionId: string): Promise<string> {
  assertSelf(caller, userId);
  const tokenHash = await queries.deleteSession(deps.db, caller.user.id, sessionId);
  if (!tokenHash) throw new AppError('not_found:session');
  deps.sessionCache.deleteToken(tokenHash);
  return accountMessages.sessionEnded;
}

/** "Chrome on Windows" from a user agent: enough to recognise one's own devices, nothing more kept. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser =
    /Edg\//.test(userAgent) ? 'Edge'
    : /OPR\/|Opera/.test(userAgent) ? 'Opera'
    : /SamsungBrowser/.test(userAgent) ? 'Samsung Internet'
    : /Firefox\//.test(userAgent) ? 'Firefox'
    : /Chrome\/|CriOS\/|Chromium\//.test(userAgent) ? 'Chrome'
    : /Safari\//.test(userAgent) ? 'Safari'
    : null;
  const system =
    /iPhone|iPad|iPod/.test(userAgent) ? 'iOS'
    : /Android/.test(userAgent) ? 'Android'
    : /Windows/.test(userAgent) ? 'Windows'
    : /Mac OS X|Macintosh/.test(userAgent) ? 'macOS'
    : /CrOS/.test(userAgent) ? 'ChromeOS'
    : /Linux/.test(userAgent) ? 'Linux'
    : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 40);
}
