import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

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

/**
 * Real SMTP when SMTP_URL is set; otherwise the whole message is written to the log,
 * so someone running locally can still follow a reset link.
 */
export function createMailer(options: { smtpUrl?: string; from: string }, logger: FastifyBaseLogger): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        logger.info(
          { mail: { from: options.from, ...message } },
          `E-mail not sent (no SMTP_URL configured). To: ${message.to} | Subject: ${message.subject}\n${message.text}`,
        );
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
