import type { Mailer } from './mailer.ts';

/** HTML-escapes text for mail bodies. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface AccountMail {
  to: string;
  firstName: string;
  subject: string;
  /** Paragraphs before the link (plain text; each its own line in the text part, its own <p> in HTML). */
  intro: string[];
  /** The link the mail is about, if any: the text part shows the address, HTML a labelled link and a note. */
  action?: { url: string; label: string; note: string };
  /** Paragraphs after the link. */
  outro?: string[];
  /** What the log says when sending fails (the mail is never awaited by the request). */
  failure: string;
}

/**
 * The mails about an account (verify, reset, e-mail changed) share one shape: a greeting, what happened, the
 * link, what to do if it was not you, the team's signature; text and HTML parts. Sending runs in the background
 * and a failure is logged, never thrown: the request that caused it has already answered.
 */
export function sendAccountMail(deps: { mailer: Mailer; appName: string }, mail: AccountMail): void {
  const outro = mail.outro ?? [];
  const text = [`Hello ${mail.firstName},`, '', ...mail.intro, ...(mail.action ? ['', mail.action.url] : []), ...(outro.length ? ['', ...outro] : []), '', `The ${deps.appName} team`].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(mail.firstName)},</p>`,
    `<p>${mail.intro.map(escapeHtml).join(' ')}</p>`,
    mail.action ? `<p><a href="${escapeHtml(mail.action.url)}">${escapeHtml(mail.action.label)}</a> ${escapeHtml(mail.action.note)}</p>` : '',
    ...outro.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p>The ${escapeHtml(deps.appName)} team</p>`,
  ].join('');
  deps.mailer.background({ to: mail.to, subject: mail.subject, text, html }, { failure: mail.failure });
}
