// Account words, limits and helpers without zod: the account menu imports them from here (issue 18, decision 042).
import { errorNotice } from './notice-text.ts';

/**
 * The account dialogs (spec sections 2, 5, 7 and 8): Edit Profile, Security (change password,
 * sessions, cookie preferences), account deletion, and the profile picture flow.
 */
export const CHANGE_PASSWORD_MIN_LENGTH = 6;
/** Largest image accepted for a profile picture, before it is re-encoded. */
export const PROFILE_PICTURE_MAX_BYTES = 10 * 1024 * 1024;
/** The sizes a profile picture is stored at (square, pixels): the menu's large avatar and the small one. */
export const AVATAR_SIZES = { large: 256, small: 64 } as const;

export const accountMessages = {
  newPasswordsDontMatch: "New passwords don't match",
  changePasswordMin: 'Password must be at least 6 characters',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Your current password is not correct.',
  currentPasswordForEmail: 'Enter your current password to change your email address.',
  emailExists: 'That email address already exists.',
  onlyImages: 'Only image files are allowed',
  imageTooLarge: 'Please select an image smaller than 10MB',
  imageUnreadable: 'This image could not be read. Please try another file.',
  profileUpdated: 'Your profile has been updated.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  sessionEnded: 'That device has been signed out.',
  accountDeleted: 'Your account has been deleted.',
  passwordToDelete: 'Enter your password to delete your account.',
} as const;

/** Spec section 3: a stored profile image path is served under /api. */
export function profileImageSrc(path: string | null | undefined, size: 'small' | 'large' = 'large'): string | null {
  if (!path) return null;
  const url = /^https?:\/\//.test(path) || path.startsWith('/api/') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
  return size === 'small' && url.startsWith('/api/objects/avatars/') ? `${url}?size=small` : url;
}

/** The account dialogs' words (spec sections 2 and 8). */
export const accountText = {
  editProfile: 'Edit Profile',
  security: 'Security',
  adminDashboard: 'Admin Dashboard',
  deleteAccount: 'Delete Account',
  profileUpdated: { title: 'Profile updated', description: accountMessages.profileUpdated },
  profileUpdateFailed: (reason?: string) => errorNotice(reason ?? 'Failed to update profile'),
  emailChangedNotice: (oldEmail: string) => `We told ${oldEmail} about this change.`,
  passwordChanged: { title: 'Password changed', description: accountMessages.passwordChanged },
  passwordChangeFailed: (reason?: string) => errorNotice(reason ?? 'Failed to change password'),
  deleteFailed: (reason?: string) => errorNotice(reason ?? 'Failed to delete account'),
  accountDeleted: { title: 'Account deleted', description: accountMessages.accountDeleted },
  deletionRemoves: ['Your conversation history', 'Your profile information', 'Your uploaded documents'],
  deletionRemovesSubscription: 'Your subscription (cancelled at once)',
  deleteConfirm: 'Delete My Account',
  deletePasswordLabel: 'Enter your password to confirm',
  cookiePreferences: 'Cookie preferences',
  cookiePreferencesHint: 'Allow analytics cookies (page views, counted without any identifier). Essential cookies are always on.',
  cookiesSaved: { title: 'Cookie preferences saved' },
  activeSessions: 'Active sessions',
  thisDevice: 'This device',
  signOutDevice: 'Sign out',
  uploadFailed: (description: string) => ({ title: 'Upload failed', description }),
  uploadUrlFailed: (status: number) => `Failed to get upload URL: ${status}`,
  storageUploadFailed: (status: number) => `Failed to upload file to storage: ${status}`,
  processFailed: (status: number) => `Failed to process uploaded image: ${status}`,
  pictureReadyForSignup: { title: 'Profile picture uploaded', description: 'Profile picture uploaded and ready for signup.' },
} as const;
