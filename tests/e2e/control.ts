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
