import { z } from 'zod';
import { emailSchema } from './auth.ts';

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

/** Body of POST /api/contact, and the contact form's schema. */
export const contactInputSchema = z.object({
  name: z.string({ error: contactMessages.nameMin }).trim().min(2, contactMessages.nameMin).max(CONTACT_NAME_MAX, contactMessages.nameMax),
  email: emailSchema,
  subject: z
    .string({ error: contactMessages.subjectMin })
    .trim()
    .min(5, contactMessages.subjectMin)
    .max(CONTACT_SUBJECT_MAX, contactMessages.subjectMax),
  message: z
    .string({ error: contactMessages.messageMin })
    .trim()
    .min(10, contactMessages.messageMin)
    .max(CONTACT_MESSAGE_MAX, contactMessages.messageMax),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

export const contactResponseSchema = z.object({ message: z.string() });

/** What the visitor is told (spec section 8). */
export const contactNotices = {
  sent: 'Message sent!',
  sentDescription: "Thanks for getting in touch. We'll reply by e-mail.",
  failed: 'Failed to send message',
  /** When the server sent no reason (offline, or it could not be reached). */
  failedUnreachable: 'Please check your connection and try again.',
} as const;
