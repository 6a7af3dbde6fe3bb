import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutboxMessage, OutboxSummary } from '#contract/dev-mail.ts';
import type { MailMessage } from './mailer.ts';

/** An id is the file name without its extension: the time it was written, then a random part (newest sort last). */
const ID = /^\d{13}-[0-9a-f]{8}$/;

/** How many messages the outbox keeps: older ones are removed as new ones arrive (the mailbox lists 100). */
export const OUTBOX_KEEP = 500;

/** Builds the RFC 822 message nodemailer would have sent, so the .eml opens in any mail program. */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/**
 * The local outbox (decision 056): with no SMTP_URL every message is kept whole on disk, as `<id>.eml` (what
 * would have been sent) and `<id>.json` (the same message, read by the development mailbox at /dev/mail).
 * The newest `keep` messages stay; older ones go, so the outbox does not grow without end. Returns the
 * path of the .eml.
 */
export async function writeToOutbox(dir: string, from: string, message: MailMessage, keep = OUTBOX_KEEP): Promise<string> {
  await mkdir(dir, { recursive: true });
  const sentAt = new Date();
  const id = `${String(sentAt.getTime()).padStart(13, '0')}-${randomUUID().slice(0, 8)}`;
  const built = await composer.sendMail({ from, ...message, date: sentAt });
  const stored: OutboxMessage = {
    id,
    from,
    to: message.to,
    subject: message.subject,
    sentAt: sentAt.toISOString(),
    text: message.text,
    html: message.html ?? null,
    replyTo: message.replyTo ?? null,
  };
  const emlPath = path.join(dir, `${id}.eml`);
  await writeFile(emlPath, built.message as Buffer);
  // The mailbox lists what is there: the JSON appears whole (a rename) or not at all, never half written.
  const jsonPath = path.join(dir, `${id}.json`);
  await writeFile(`${jsonPath}.partial`, JSON.stringify(stored, null, 2));
  await rename(`${jsonPath}.partial`, jsonPath);
  await pruneOutbox(dir, keep);
  return emlPath;
}

/** The ids of the outbox's messages, newest first (an outbox never written to has none). */
async function outboxIds(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const ids = new Set(names.map((name) => name.replace(/\.(eml|json)$/, '')).filter((id) => ID.test(id)));
  return [...ids].sort().reverse();
}

/**
 * Removes every message but the newest `keep` (its files, with the JSON a crash left half written); other
 * files in the folder are left alone.
 */
async function pruneOutbox(dir: string, keep: number): Promise<void> {
  const old = (await outboxIds(dir)).slice(keep);
  await Promise.all(old.flatMap((id) => ['eml', 'json', 'json.partial'].map((extension) => rm(path.join(dir, `${id}.${extension}`), { force: true }))));
}

/** The newest messages of the outbox first (at most `limit`); an outbox never written to is empty. */
export async function listOutbox(dir: string, limit = 100): Promise<OutboxSummary[]> {
  const ids = (await outboxIds(dir)).slice(0, limit);
  const messages = await Promise.all(ids.map((id) => readOutboxMessage(dir, id)));
  return messages.filter((m): m is OutboxMessage => m !== null).map(({ id, from, to, subject, sentAt }) => ({ id, from, to, subject, sentAt }));
}

/** One message of the outbox, or null when there is none with this id (an id is never a path). */
export async function readOutboxMessage(dir: string, id: string): Promise<OutboxMessage | null> {
  if (!ID.test(id)) return null;
  try {
    return JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as OutboxMessage;
  } catch (error) {
    // Not there, or not whole (a crash while an older version wrote it): not a message to show.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** The .eml of one message, or null. */
export async function readOutboxEml(dir: string, id: string): Promise<Buffer | null> {
  if (!ID.test(id)) return null;
  try {
    return await readFile(path.join(dir, `${id}.eml`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
