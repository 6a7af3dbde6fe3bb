import { z } from 'zod';

/** Validation messages of spec section 5, used by the forms, the API and the tests alike. */
export const authMessages = {
  firstNameMin: 'First name must be at least 2 characters',
  lastNameMin: 'Last name must be at least 2 characters',
  emailInvalid: 'Please enter a valid email address',
  passwordMin: 'Password must be at least 8 characters',
  passwordsDontMatch: "Passwords don't match",
  termsRequired: 'You must agree to the terms & conditions',
  passwordRequired: 'Password is required',
  resetPasswordMin: 'Password must be at least 8 characters long',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 cost grows with input length; nobody types a password longer than this. */
export const PASSWORD_MAX_LENGTH = 256;
export const REMEMBER_ME_DAYS = 90;

export const emailSchema = z
  .string({ error: authMessages.emailInvalid })
  .trim()
  .max(254, authMessages.emailInvalid)
  .pipe(z.email({ error: authMessages.emailInvalid }));

const nameSchema = (message: string) => z.string({ error: message }).trim().min(2, message).max(80, 'Must be at most 80 characters');

const newPasswordSchema = z
  .string({ error: authMessages.passwordMin })
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordMin)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** An object path the profile picture flow answered (src/contract/account.ts): `/objects/avatars/<owner>/<id>`. */
export const profileImagePathSchema = z
  .string()
  .max(200)
  .regex(/^\/objects\/avatars\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/, 'Not a profile picture path');

/** Body of POST /api/auth/signup. */
export const signUpInputSchema = z.object({
  firstName: nameSchema(authMessages.firstNameMin),
  lastName: nameSchema(authMessages.lastNameMin),
  email: emailSchema,
  password: newPasswordSchema,
  /** Object path of a profile picture uploaded before the account existed (PUT /api/profile-pictures). */
  profilePicture: profileImagePathSchema.nullish(),
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;

/** The signup form: the API body plus confirmation and terms, checked in the browser. */
export const signUpFormSchema = signUpInputSchema
  .omit({ profilePicture: true })
  .extend({
    confirmPassword: z.string(),
    termsAccepted: z.boolean().refine((v) => v, { message: authMessages.termsRequired }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const signInInputSchema = z.object({
  email: emailSchema,
  password: z.string({ error: authMessages.passwordRequired }).min(1, authMessages.passwordRequired).max(PASSWORD_MAX_LENGTH),
  rememberMe: z.boolean().default(true),
});
export type SignInInput = z.input<typeof signInInputSchema>;

export const forgotPasswordInputSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

const resetPasswordSchema = z
  .string({ error: authMessages.resetPasswordMin })
  .min(PASSWORD_MIN_LENGTH, authMessages.resetPasswordMin)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const resetPasswordInputSchema = z.object({
  token: z.string().min(1, 'Reset token is required').max(200),
  password: resetPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const resetPasswordFormSchema = z
  .object({ password: resetPasswordSchema, confirmPassword: resetPasswordSchema })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const appUserTypes = ['standard', 'subscriber', 'vip', 'admin'] as const;
export type AppUserType = (typeof appUserTypes)[number];

/** What the API tells the browser about the signed-in user: never the password or reset token. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  appUserType: z.enum(appUserTypes),
  profileImageUrl: z.string().nullable(),
  defaultExecutiveRole: z.string().nullable(),
  defaultIndustry: z.string().nullable(),
  defaultUserRole: z.string().nullable(),
  dailyInteractionsUsed: z.number(),
  dailyAttachmentsUsed: z.number(),
  lastInteractionDate: z.string().nullable(),
  cookiesAccepted: z.boolean().nullable(),
  cookieConsentDate: z.string().nullable(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  numLogins: z.number(),
  /** Decided by the server (account type, subscription, and the test flag where allowed). */
  isPremium: z.boolean(),
  /** A link mailed to the address was followed (decision 017): admin and billing changes wait for it. */
  emailVerified: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const authUserResponseSchema = z.object({ user: publicUserSchema });

/** Body of POST /api/auth/verify-email: the token of the link mailed at signup (or resent). */
export const verifyEmailInputSchema = z.object({ token: z.string().min(1, 'Verification token is required').max(200) });
export type VerifyEmailInput = z.infer<typeof verifyEmailInputSchema>;
/** A verification link works for this long; a resend makes a new one (and the old one stops working). */
export const EMAIL_VERIFICATION_HOURS = 48;
/** At most one verification e-mail a minute per account. */
export const VERIFICATION_RESEND_SECONDS = 60;
export const messageResponseSchema = z.object({ message: z.string() });

// Strings only, in their own module so pages that show them do not pull in zod (decision 007).
export { authResponses, authText, verificationText } from './auth-text.ts';
