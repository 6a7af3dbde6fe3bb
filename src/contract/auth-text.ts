import { errorNotice } from './notice-text.ts';

/** The account notices and messages: strings only, no zod, so the first page can show them (decision 007). */
export const authResponses = {
  forgotPassword: 'If an account exists for that address, a link to reset the password is on its way.',
  resetPassword: 'Your password has been reset. Please sign in with your new password.',
  loggedOut: 'Signed out',
  emailVerified: 'Your email address is verified. Thank you!',
  verificationSent: 'We sent a new verification link. Please check your inbox.',
} as const;

/** The e-mail verification banner and page (decision 017), in the tone of the spec's notices. */
export const verificationText = {
  banner: (email: string) => `Please verify your email address. We sent a link to ${email}.`,
  resend: 'Resend email',
  /** The banner's close button (it stays away for the rest of the tab's session). */
  dismiss: 'Dismiss',
  resent: { title: 'Verification email sent', description: authResponses.verificationSent },
  resendFailed: (reason?: string) => errorNotice(reason ?? 'Failed to send the verification email. Please try again.'),
  verifyingTitle: 'Verifying your email address…',
  verifiedTitle: 'Email Verified!',
  verifiedDescription: authResponses.emailVerified,
  failedTitle: 'Verification failed',
  linkMissing: 'This link is missing its verification token. Please use the link in the email we sent you.',
} as const;

/**
 * The account pages' notices (spec sections 4 and 8). `reason` is the server's message when it sent
 * one; without it the spec's fallback is shown.
 */
export const authText = {
  signedOut: { title: 'Signed out', description: "You've been successfully signed out." },
  signOutFailed: errorNotice('Failed to sign out properly.'),
  /** One message for every cause: never tell which of e-mail or password was wrong. */
  signInFailed: { title: 'Authentication failure', description: 'Invalid email or password.' },
  signInThrottled: (reason: string) => ({ title: 'Too many attempts', description: reason }),
  signUpFailed: (reason?: string) => ({ title: 'Failed to create account', description: reason ?? 'Please try again.' }),
  signUpUnreachable: errorNotice('Something went wrong. Please try again.'),
  /** Described by the server's answer (the same whether or not the address has an account). */
  resetEmailSent: { title: 'Reset email sent' },
  resetEmailFailed: (reason?: string) => errorNotice(reason ?? 'Failed to send reset email.'),
  resetLinkMissing: { title: 'Invalid reset link', description: 'This link is missing its reset token. Please request a new one.' },
  resetFailed: (reason?: string) => ({ title: 'Reset failed', description: reason ?? 'Failed to reset password. The link may be invalid or expired.' }),
} as const;
