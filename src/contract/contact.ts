import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX, contactMessages } from './contact-text.ts';

export { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX, contactMessages, contactNotices } from './contact-text.ts';

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
