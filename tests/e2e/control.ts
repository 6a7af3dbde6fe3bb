/** The tests' side of the control server (control-server.ts): remove the users a test created, count users. */
import { readFileSync } from 'node:fs';
import type { ControlAddress, SeededMessage } from './control-server.ts';
import { e2eControlFile } from './paths.ts';

function controlUrl(path: string): string {
  const { url } = JSON.parse(readFileSync(e2eControlFile, 'utf8')) as ControlAddress;
  return `${url}${path}`;
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(controlUrl(path), {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control server ${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Deletes the accounts with these e-mails and everything they own; answers how many accounts went. */
export async function deleteUsers(emails: string[]): Promise<number> {
  return (await call<{ deleted: number }>('POST', '/users/delete', { emails })).deleted;
}

export async function countUsers(): Promise<number> {
  return (await call<{ count: number }>('GET', '/users/count')).count;
}

/** Appends finished messages (any content, e.g. an attacker's reply) to a conversation of the account with this e-mail. */
export async function appendMessages(email: string, sessionId: string, messages: SeededMessage[]): Promise<number> {
  return (await call<{ appended: number }>('POST', '/messages/append', { email, sessionId, messages })).appended;
}

/** Marks the account's address verified, as following the mailed link would (journeys not about verification). */
export async function markEmailVerified(email: string): Promise<number> {
  return (await call<{ verified: number }>('POST', '/users/verify-email', { email })).verified;
}

/** Makes the account with this e-mail an admin (the admin dashboard journey). */
export async function makeAdmin(email: string): Promise<number> {
  return (await call<{ updated: number }>('POST', '/users/make-admin', { email })).updated;
}

/** Adds empty conversations to the account, the newest a minute ago and each next one `hoursApart` hours older (a long history). */
export async function seedConversations(email: string, count: number, hoursApart: number): Promise<number> {
  return (await call<{ seeded: number }>('POST', '/sessions/seed', { email, count, hoursApart })).seeded;
}

/** Moves the server's "today" for this account only (null: the real date again): a decision's follow-up day reached (decision 034). */
export async function setServerToday(email: string, day: string | null): Promise<number> {
  return (await call<{ set: number }>('POST', '/clock/today', { email, day })).set;
}
