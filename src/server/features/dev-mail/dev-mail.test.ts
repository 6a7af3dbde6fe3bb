import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage, OutboxSummary } from '#contract/dev-mail.ts';
import { createTestApp, inject, signUpUser, type LogLine, type TestApp } from '#tests/helpers/test-app.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';

/**
 * Issue 29, point 1 (decision 056): with no SMTP_URL, mail lands in an outbox on disk that a person can open,
 * and outside production in a mailbox at /dev/mail whose links can be followed. The log says where it went
 * and never carries the token.
 */
let t: TestApp;
const logLines: LogLine[] = [];

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'info' }, { logLines });
});
afterAll(async () => {
  await t?.close();
});

const list = async () => (await inject(t.app, { url: '/api/dev/mail' })).json<{ messages: OutboxSummary[] }>().messages;

describe('the local outbox and the development mailbox', () => {
  it('keep the verification mail of a signup whole, with a link that verifies the address', async () => {
    const signedUp = await signUpUser(t.app, t.config);
    const summary = await waitFor(async () => (await list()).find((m) => m.to === signedUp.user.email), 'the verification mail in the mailbox');
    expect(summary.subject).toBe('Verify your email address for Corner Office');

    const opened = await inject(t.app, { url: `/api/dev/mail/${summary.id}` });
    expect(opened.statusCode).toBe(200);
    const message = opened.json<OutboxMessage>();
    const link = /http:\/\/localhost:3000\/verify-email\?token=[\w-]+/.exec(message.text)?.[0];
    expect(link).toBeTruthy();
    expect(message.html).toContain(`href="${link}"`);

    // On disk: the .eml as it would have been sent, and the JSON the mailbox reads.
    const eml = readFileSync(path.join(t.config.mail.outboxDir, `${summary.id}.eml`), 'utf8');
    expect(eml).toContain(`To: ${signedUp.user.email}`);
    expect(eml).toContain('Subject: Verify your email address for Corner Office');
    expect(existsSync(path.join(t.config.mail.outboxDir, `${summary.id}.json`))).toBe(true);
    const download = await inject(t.app, { url: `/api/dev/mail/${summary.id}/eml` });
    expect(download.headers['content-type']).toBe('message/rfc822');

    // The link is followable: its token verifies the account.
    const token = new URL(link!).searchParams.get('token')!;
    const verified = await inject(t.app, { method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verified.statusCode).toBe(200);
    const me = await inject(t.app, { url: '/api/auth/me', cookie: signedUp.cookie });
    expect(me.json().user?.emailVerified ?? me.json().emailVerified).toBe(true);

    // The log points at the mailbox and carries no token.
    const line = logLines.find((l) => l.msg.startsWith(`Mail to ${signedUp.user.email}`));
    expect(line?.msg).toBe(`Mail to ${signedUp.user.email} written to the outbox: open http://localhost:3000/dev/mail`);
    expect(JSON.stringify(logLines)).not.toContain(token);
  });

  it('lists the newest message first', async () => {
    const first = await signUpUser(t.app, t.config);
    await waitFor(async () => (await list()).some((m) => m.to === first.user.email), 'the first mail');
    const second = await signUpUser(t.app, t.config);
    await waitFor(async () => (await list()).some((m) => m.to === second.user.email), 'the second mail');
    const recipients = (await list()).map((m) => m.to);
    expect(recipients.indexOf(second.user.email)).toBeLessThan(recipients.indexOf(first.user.email));
  });

  it('answers 404 for a message that is not there, and takes no path for an id', async () => {
    expect((await inject(t.app, { url: '/api/dev/mail/0000000000000-deadbeef' })).statusCode).toBe(404);
    expect((await inject(t.app, { url: '/api/dev/mail/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
  });

  it('answers only on the machine itself', async () => {
    const fromAfar = await t.app.inject({ url: '/api/dev/mail', remoteAddress: '203.0.113.9' });
    expect(fromAfar.statusCode).toBe(404);
  });
});

describe('where the mailbox is not', () => {
  it('answers 404 in production, where mail still goes to the outbox and the log names the file, not a page', async () => {
    const lines: LogLine[] = [];
    const production = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://app.example.com', LOG_LEVEL: 'info' }, { logLines: lines });
    try {
      expect((await inject(production.app, { url: '/api/dev/mail' })).statusCode).toBe(404);
      expect((await inject(production.app, { url: '/api/dev/mail/0000000000000-deadbeef' })).statusCode).toBe(404);
      const signedUp = await signUpUser(production.app, production.config);
      const line = await waitFor(() => lines.find((l) => l.msg.startsWith(`Mail to ${signedUp.user.email}`)), 'the outbox log line');
      expect(line.msg).toMatch(new RegExp(`^Mail to ${signedUp.user.email.replaceAll('.', '\\.')} written to the outbox: .+\\.eml$`));
      expect(line.msg).not.toContain('/dev/mail');
      expect(JSON.stringify(lines)).not.toMatch(/token=[\w-]{10,}/);
    } finally {
      await production.close();
    }
  });

  it('is not there when real SMTP is configured', async () => {
    const withSmtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      expect((await inject(withSmtp.app, { url: '/api/dev/mail' })).statusCode).toBe(404);
    } finally {
      await withSmtp.close();
    }
  });
});
