import { z } from 'zod';
import { authMessages, emailSchema, PASSWORD_MAX_LENGTH, profileImagePathSchema } from './auth.ts';

export { profileImagePathSchema };

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
} as const;

const nameSchema = (message: string) => z.string({ error: message }).trim().min(2, message).max(80, 'Must be at most 80 characters');


/** PATCH /api/users/{id}: every field optional; changing the e-mail needs the current password. */
export const updateProfileInputSchema = z
  .object({
    firstName: nameSchema(authMessages.firstNameMin).optional(),
    lastName: nameSchema(authMessages.lastNameMin).optional(),
    email: emailSchema.optional(),
    /** null removes the picture. */
    profileImageUrl: profileImagePathSchema.nullable().optional(),
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .refine((v) => v.firstName !== undefined || v.lastName !== undefined || v.email !== undefined || v.profileImageUrl !== undefined, {
    message: 'Nothing to update',
  });
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

/** The Edit Profile form (the picture is uploaded on its own, before saving). */
export const editProfileFormSchema = z.object({
  firstName: nameSchema(authMessages.firstNameMin),
  lastName: nameSchema(authMessages.lastNameMin),
  email: emailSchema,
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH),
});
export type EditProfileForm = z.infer<typeof editProfileFormSchema>;

const changePasswordNew = z
  .string()
  .min(CHANGE_PASSWORD_MIN_LENGTH, accountMessages.changePasswordMin)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** POST /api/users/{id}/change-password. */
export const changePasswordInputSchema = z.object({
  currentPassword: z.string().min(1, accountMessages.currentPasswordRequired).max(PASSWORD_MAX_LENGTH),
  newPassword: changePasswordNew,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const changePasswordFormSchema = z
  .object({ currentPassword: z.string().min(1, accountMessages.currentPasswordRequired), newPassword: changePasswordNew, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: accountMessages.newPasswordsDontMatch, path: ['confirmPassword'] });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** POST /api/users/{id}/delete-account: the reason may be empty. */
export const deleteAccountInputSchema = z.object({ deletionReason: z.string().trim().max(1000).optional().default('') });
export type DeleteAccountInput = z.input<typeof deleteAccountInputSchema>;

export const userSessionSchema = z.object({
  id: z.string(),
  /** A short description of the browser and system ("Chrome on Linux"), from its user agent. */
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
export const userSessionsResponseSchema = z.object({ sessions: z.array(userSessionSchema) });
export const userSessionParamsSchema = z.object({ id: z.uuid({ error: 'Not found' }), sessionId: z.uuid({ error: 'Not found' }) });

/** POST /api/objects/upload. */
export const objectUploadResponseSchema = z.object({ uploadURL: z.string() });
/** PUT /api/profile-pictures: the upload URL without its query string. */
export const profilePictureInputSchema = z.object({ profilePictureURL: z.string().min(1).max(2000) });
export const profilePictureResponseSchema = z.object({ objectPath: z.string() });
export const avatarParamsSchema = z.object({ owner: z.uuid({ error: 'Not found' }), id: z.uuid({ error: 'Not found' }) });
export const avatarQuerySchema = z.object({ size: z.enum(['small', 'large']).optional() });

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
  profileUpdateFailed: (reason?: string) => ({ title: 'Error', description: reason ?? 'Failed to update profile' }),
  emailChangedNotice: (oldEmail: string) => `We told ${oldEmail} about this change.`,
  passwordChanged: { title: 'Password changed', description: accountMessages.passwordChanged },
  passwordChangeFailed: (reason?: string) => ({ title: 'Error', description: reason ?? 'Failed to change password' }),
  deleteFailed: (reason?: string) => ({ title: 'Error', description: reason ?? 'Failed to delete account' }),
  accountDeleted: { title: 'Account deleted', description: accountMessages.accountDeleted },
  deletionRemoves: ['Your conversation history', 'Your profile information', 'Your uploaded documents'],
  deletionRemovesSubscription: 'Your subscription (cancelled at once)',
  deleteConfirm: 'Delete My Account',
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
