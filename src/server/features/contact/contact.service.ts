import type { FastifyBaseLogger } from 'fastify';
import type { ContactInput } from '#contract/contact.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import * as queries from './contact.queries.ts';
import { escapeHtml } from '#server/mail/account-mail.ts';

export interface ContactDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** One line, so a subject can never smuggle extra mail headers or break the inbox view. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}

/**
 * Stores the message first (it is never lost, whatever happens to mail), then e-mails it to
 * CONTACT_TO in the background with Reply-To set to the sender. emailed_at is set only once the
 * mail server accepted it. Resolves when the message is stored; the mailer's close waits for the rest.
 */
export async function submitContactMessage(deps: ContactDeps, input: ContactInput, userId: string | null): Promise<{ id: string }> {
  const stored = await queries.insertContactMessage(deps.db, { userId, ...input });
  const to = deps.config.mail.contactTo;
  if (!to) {
    deps.log.warn({ contactMessageId: stored.id }, 'Contact message stored but not e-mailed: no recipient configured (set CONTACT_TO)');
    return { id: stored.id };
  }
  const subject = `[${deps.config.appName} contact] ${oneLine(input.subject)}`;
  const text = [
    `From: ${oneLine(input.name)} <${input.email}>`,
    userId ? `Signed-in user id: ${userId}` : 'Sent by a visitor (not signed in)',
    `Message id: ${stored.id}`,
    '',
    input.message,
  ].join('\n');
  const html = `<p><strong>From:</strong> ${escapeHtml(input.name)} &lt;${escapeHtml(input.email)}&gt;<br>${
    userId ? `Signed-in user id: ${escapeHtml(userId)}` : 'Sent by a visitor (not signed in)'
  }<br>Message id: ${escapeHtml(stored.id)}</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`;
  deps.mailer.background(
    { to, replyTo: input.email, subject, text, html },
    { failure: 'contact message e-mail failed (message is stored)', context: { contactMessageId: stored.id }, then: () => queries.markContactMessageEmailed(deps.db, stored.id) },
  );
  return { id: stored.id };
}
