import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface SunkMail {
  from: string;
  to: string[];
  subject: string;
  /** Reply-To header as text ('' when absent). */
  replyTo: string;
  text: string;
  html: string;
  receivedAt: number;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: SunkMail[];
  /** Resolves with the first message to `to` (whose subject contains `subject`, when given), received already or later. */
  waitFor(to: string, options?: { timeoutMs?: number; subject?: string }): Promise<SunkMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the smtp-server package) that accepts every message. When `dir` is given
 * each message is also written there as JSON, so a test in another process can read it.
 */
export async function startSmtpSink(options: { port?: number; dir?: string } = {}): Promise<SmtpSink> {
  const messages: SunkMail[] = [];
  const waiters: Array<{ matches: (m: SunkMail) => boolean; resolve: (m: SunkMail) => void }> = [];
  if (options.dir) mkdirSync(options.dir, { recursive: true });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: SunkMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            replyTo: parsed.replyTo?.text ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: Date.now(),
          };
          messages.push(mail);
          if (options.dir) writeFileSync(path.join(options.dir, `${mail.receivedAt}-${messages.length}.json`), JSON.stringify(mail));
          for (const waiter of [...waiters]) {
            if (waiter.matches(mail)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch(callback);
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, { timeoutMs = 10_000, subject } = {}) {
      const wanted = to.toLowerCase();
      const matches = (m: SunkMail) => m.to.includes(wanted) && (subject === undefined || m.subject.includes(subject));
      const existing = messages.find(matches);
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no e-mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          matches,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
