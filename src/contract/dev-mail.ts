import { z } from 'zod';

/**
 * The development mailbox (decision 056): with no SMTP_URL, outside production, the mail the server
 * wrote to its outbox can be read at /dev/mail. Never registered in production.
 */
export const outboxSummarySchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  sentAt: z.string(),
});
export type OutboxSummary = z.infer<typeof outboxSummarySchema>;

export const outboxMessageSchema = outboxSummarySchema.extend({
  text: z.string(),
  html: z.string().nullable(),
  replyTo: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxListSchema = z.object({ messages: z.array(outboxSummarySchema) });
export type OutboxList = z.infer<typeof outboxListSchema>;

export const outboxIdParamsSchema = z.object({ id: z.string().regex(/^\d{13}-[0-9a-f]{8}$/, 'Not a message of the outbox') });

export const devMailText = {
  title: 'Development mailbox',
  intro: 'Mail this server would have sent. It is kept on disk because no SMTP_URL is configured; this page exists only outside production.',
  empty: 'No mail yet. Sign up or ask for a password reset, and the message appears here.',
  selectPrompt: 'Choose a message to read it.',
  download: 'Download .eml',
  refresh: 'Refresh',
} as const;
