import { z } from 'zod';
import { authMessages, emailSchema, PASSWORD_MAX_LENGTH, profileImagePathSchema } from './auth.ts';
import { CHANGE_PASSWORD_MIN_LENGTH, PROFILE_PICTURE_MAX_BYTES, accountMessages } from './account-text.ts';

// Strings, constants and helpers without zod live in account-text.ts, so a screen that only shows them does
// not load zod and build every schema (issue 18, decision 042).
export { CHANGE_PASSWORD_MIN_LENGTH, PROFILE_PICTURE_MAX_BYTES, AVATAR_SIZES, accountMessages, profileImageSrc, accountText } from './account-text.ts';

/**
 * The account dialogs (spec sections 2, 5, 7 and 8): Edit Profile, Security (change password,
 * sessions, cookie preferences), account deletion, and the profile picture flow.
 */

export { profileImagePathSchema };

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

/** POST /api/users/{id}/delete-account: the password first (issue 29, point 10); the reason may be empty. */
export const deleteAccountInputSchema = z.object({
  currentPassword: z.string({ error: accountMessages.passwordToDelete }).min(1, accountMessages.passwordToDelete).max(PASSWORD_MAX_LENGTH),
  deletionReason: z.string().trim().max(1000).optional().default(''),
});
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

/** POST /api/objects/upload: the picture's size, refused above 10 MB and bound into the upload URL. */
export const objectUploadInputSchema = z.object({ size: z.number().int().min(1).max(PROFILE_PICTURE_MAX_BYTES, accountMessages.imageTooLarge) });
/** POST /api/objects/upload. */
export const objectUploadResponseSchema = z.object({ uploadURL: z.string() });
/** PUT /api/profile-pictures: the upload URL without its query string. */
export const profilePictureInputSchema = z.object({ profilePictureURL: z.string().min(1).max(2000) });
export const profilePictureResponseSchema = z.object({ objectPath: z.string() });
export const avatarParamsSchema = z.object({ owner: z.uuid({ error: 'Not found' }), id: z.uuid({ error: 'Not found' }) });
export const avatarQuerySchema = z.object({ size: z.enum(['small', 'large']).optional() });
