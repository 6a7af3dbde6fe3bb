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

/** What follows a message sent in the background: the log line of a failure, and work once it was accepted. */
export interface BackgroundSend {
  /** Logged at error level, with `context`, when sending (or `then`) fails: nothing is thrown. */
  failure: string;
  context?: Record<string, unknown>;
  /** Runs once the message was accepted (written to the outbox, or taken by the SMTP server). */
  then?: () => Promise<unknown>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Sends after the request has answered: never throws, logs a failure. close() waits for it, `then` included,
   * so work that follows the mail (marking a message e-mailed) is done before the database closes.
   */
  background(message: MailMessage, after: BackgroundSend): void;
  /**
   * Waits for the messages still being sent (a request's mail is sent after it has answered), at most
   * `MAIL_DRAIN_MS`, then lets the transport go: a shutdown right after a sign-up still delivers its mail.
   */
  close(): Promise<void>;
}

/** How long a closing mailer waits for the messages still being sent. */
export const MAIL_DRAIN_MS = 10_000;

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where mail goes when there is no SMTP_URL (MAIL_OUTBOX_DIR, default DATA_DIR/mail). */
  outboxDir: string;
  /** The development mailbox's address (/dev/mail), when it is served: the log line points there. */
  mailboxUrl?: string;
  /** How long close() waits for the messages still being sent (MAIL_DRAIN_MS unless given). */
  drainMs?: number;
}

/**
 * Real SMTP when SMTP_URL is set. Otherwise every message is written whole to the outbox on disk
 * (decision 056), where a person can open it: as an .eml file, and outside production at /dev/mail.
 * The log says only where it went: log lines are redacted (a link's token is not followable there),
 * and a redacting log must never be the only copy of a mail.
 */
export function createMailer(options: MailerOptions, logger: FastifyBaseLogger): Mailer {
  if (!options.smtpUrl) {
    return draining(
      async (message) => {
        const file = await writeToOutbox(options.outboxDir, options.from, message);
        const where = options.mailboxUrl ? `open ${options.mailboxUrl}` : file;
        logger.info({ mail: { to: message.to, subject: message.subject, file } }, `Mail to ${message.to} written to the outbox: ${where}`);
      },
      () => {},
      logger,
      options.drainMs,
    );
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return draining(
    async (message) => {
      await transport.sendMail({ from: options.from, ...message });
    },
    () => transport.close(),
    logger,
    options.drainMs,
  );
}

/** A mailer whose close() first waits for the sends in flight (bounded), then runs `release`. */
function draining(send: (message: MailMessage) => Promise<void>, release: () => void, logger: FastifyBaseLogger, drainMs = MAIL_DRAIN_MS): Mailer {
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<unknown>) => {
    const settled = work.then(
      () => {},
      () => {},
    );
    inFlight.add(settled);
    void settled.then(() => inFlight.delete(settled));
  };
  return {
    send(message) {
      const sending = send(message);
      track(sending);
      return sending;
    },
    background(message, after) {
      track(
        send(message)
          .then(() => after.then?.())
          .catch((err: unknown) => logger.error({ err, ...after.context }, after.failure)),
      );
    },
    async close() {
      if (inFlight.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), drainMs);
        });
        const outcome = await Promise.race([Promise.all(inFlight).then(() => 'sent' as const), late]);
        clearTimeout(timer);
        if (outcome === 'late') logger.warn({ mails: inFlight.size }, `${inFlight.size} mail(s) still being sent after ${drainMs} ms at shutdown: they may not have gone`);
      }
      release();
    },
  };
}
