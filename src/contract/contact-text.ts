/** The contact form's words and limits: strings only, no zod, so the prerendered page hydrates without it (decision 043). */

/** Spec section 5, contact: the messages the form, the API and the tests share. */
export const contactMessages = {
  nameMin: 'Name must be at least 2 characters',
  nameMax: 'Name must be at most 100 characters',
  subjectMin: 'Subject must be at least 5 characters',
  subjectMax: 'Subject must be at most 200 characters',
  messageMin: 'Message must be at least 10 characters',
  messageMax: 'Message must be at most 5000 characters',
} as const;

export const CONTACT_NAME_MAX = 100;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;

/** What the visitor is told (spec section 8). */
export const contactNotices = {
  sent: 'Message sent!',
  sentDescription: "Thanks for getting in touch. We'll reply by e-mail.",
  failed: 'Failed to send message',
  /** When the server sent no reason (offline, or it could not be reached). */
  failedUnreachable: 'Please check your connection and try again.',
} as const;
