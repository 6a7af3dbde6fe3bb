import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { writeToOutbox } from './outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where mail goes when there is no SMTP_URL (MAIL_OUTBOX_DIR, default DATA_DIR/mail). */
  outboxDir: string;
  /** The development mailbox's address (/dev/mail), when it is served: the log line points there. */
  mailboxUrl?: string;
}

/**
 * Real SMTP when SMTP_URL is set. Otherwise every message is written whole to the outbox on disk
 * (decision 056), where a person can open it: as an .eml file, and outside production at /dev/mail.
 * The log says only where it went: log lines are redacted (a link's token is not followable there),
 * and a redacting log must never be the only copy of a mail.
 */
export function createMailer(options: MailerOptions, logger: FastifyBaseLogger): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        const file = await writeToOutbox(options.outboxDir, options.from, message);
        const where = options.mailboxUrl ? `open ${options.mailboxUrl}` : file;
        logger.info({ mail: { to: message.to, subject: message.subject, file } }, `Mail to ${message.to} written to the outbox: ${where}`);
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
