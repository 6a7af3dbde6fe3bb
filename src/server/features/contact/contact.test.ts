import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '#contract/auth.ts';
import { contactMessages as messages } from '#contract/contact.ts';
import { contactMessages } from '#server/db/schema.ts';
import { createTestApp, inject, signUpUser, uniqueEmail, type LogLine } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';

const t = useTestApp({ CONTACT_TO: 'team@example.com' }, { smtp: true });

const validMessage = (email = uniqueEmail('visitor')) => ({
  name: 'Ada Lovelace',
  email,
  subject: 'Question about Premium',
  message: 'Can my whole leadership team share one Premium account?',
});

async function storedFor(email: string) {
  return t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

describe('POST /api/contact', () => {
  it('stores the message, e-mails it to CONTACT_TO with Reply-To the sender, and records when it was e-mailed', async () => {
    const body = validMessage();
    const response = await inject(t.app, { method: 'POST', url: '/api/contact', payload: body });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Message sent!' });

    const mail = await t.smtp.waitFor('team@example.com');
    expect(mail.subject).toBe('[Corner Office contact] Question about Premium');
    expect(mail.replyTo).toBe(body.email);
    expect(mail.text).toContain('Ada Lovelace');
    expect(mail.text).toContain(body.message);

    const row = await waitFor(async () => (await storedFor(body.email)).find((r) => r.emailedAt != null), 'the message to be marked e-mailed');
    expect(row).toMatchObject({ name: 'Ada Lovelace', subject: 'Question about Premium', message: body.message, userId: null });
    expect(row!.emailedAt).toBeInstanceOf(Date);
  });

  it('links the message to the signed-in user who sent it and trims the fields', async () => {
    const { user, cookie } = await signUpUser(t.app, t.config);
    const body = { name: '  Grace Hopper  ', email: user.email, subject: '  Invoice copy  ', message: '  Please send me last month’s invoice.  ' };
    const response = await inject(t.app, { method: 'POST', url: '/api/contact', payload: body, cookie });
    expect(response.statusCode).toBe(201);
    const [row] = await storedFor(user.email);
    expect(row).toMatchObject({ userId: user.id, name: 'Grace Hopper', subject: 'Invoice copy', message: 'Please send me last month’s invoice.' });
  });

  it('keeps a subject on one line in the e-mail and escapes HTML in the message', async () => {
    const body = { ...validMessage(), subject: 'Hello\r\nBcc: victim@example.com', message: '<script>alert(1)</script> is not HTML here' };
    const response = await inject(t.app, { method: 'POST', url: '/api/contact', payload: body });
    expect(response.statusCode).toBe(201);
    const mail = await waitFor(() => t.smtp.messages.find((m) => m.replyTo === body.email), 'the e-mail');
    expect(mail!.to).toEqual(['team@example.com']);
    expect(mail!.subject).toBe('[Corner Office contact] Hello Bcc: victim@example.com');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&#60;script&#62;');
  });

  it.each([
    [{ name: 'A' }, `name: ${messages.nameMin}`],
    [{ name: '   A   ' }, `name: ${messages.nameMin}`],
    [{ email: 'not-an-email' }, `email: ${authMessages.emailInvalid}`],
    [{ subject: 'Hi' }, `subject: ${messages.subjectMin}`],
    [{ message: 'Too short' }, `message: ${messages.messageMin}`],
    [{ name: 'x'.repeat(101) }, `name: ${messages.nameMax}`],
    [{ subject: 'x'.repeat(201) }, `subject: ${messages.subjectMax}`],
    [{ message: 'x'.repeat(5001) }, `message: ${messages.messageMax}`],
    [{ message: 42 }, `message: ${messages.messageMin}`],
    [{ subject: undefined }, `subject: ${messages.subjectMin}`],
  ])('answers 400 naming the field for %o and stores nothing', async (override, error) => {
    const body = { ...validMessage(), ...override };
    const response = await inject(t.app, { method: 'POST', url: '/api/contact', payload: body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, code: 'bad_request:validation' });
    expect(await storedFor(body.email)).toHaveLength(0);
  });

  it('refuses a body that is not JSON and a cross-site form post', async () => {
    const notJson = await inject(t.app, { method: 'POST', url: '/api/contact', payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('bad_request:json');
    const crossSite = await inject(t.app, { method: 'POST', url: '/api/contact', payload: validMessage(), headers: { origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('forbidden:origin');
  });
});

describe('POST /api/contact without a recipient or a working mail server', () => {
  /** The app with its log captured, to see what an operator would read. */
  async function appWithLog(vars: Record<string, string>) {
    const lines: LogLine[] = [];
    return { ...(await createTestApp(vars, { logLines: lines })), lines };
  }

  it('stores the message, logs that no recipient is configured and leaves emailed_at empty', async () => {
    const t2 = await appWithLog({});
    const body = validMessage();
    const response = await inject(t2.app, { method: 'POST', url: '/api/contact', payload: body });
    expect(response.statusCode).toBe(201);
    const rows = await t2.database.db.select().from(contactMessages).where(eq(contactMessages.email, body.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.emailedAt).toBeNull();
    expect(t2.lines.map((l) => l.msg)).toContain('Contact message stored but not e-mailed: no recipient configured (set CONTACT_TO)');
    await t2.close();
  });

  it('still answers 201 and keeps the message when the mail server refuses the connection', async () => {
    const t2 = await appWithLog({ SMTP_URL: 'smtp://127.0.0.1:9', CONTACT_TO: 'team@example.com' });
    const body = validMessage();
    const response = await inject(t2.app, { method: 'POST', url: '/api/contact', payload: body });
    expect(response.statusCode).toBe(201);
    await waitFor(() => t2.lines.some((line) => line.msg === 'contact message e-mail failed (message is stored)'), 'the failure in the log');
    const rows = await t2.database.db.select().from(contactMessages).where(eq(contactMessages.email, body.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.emailedAt).toBeNull();
    await t2.close();
  });
});

describe('POST /api/contact rate limit', () => {
  it('answers 429 rate_limit:general after RATE_LIMIT_CONTACT_PER_HOUR messages from one address', async () => {
    const app = await createTestApp({ RATE_LIMIT_CONTACT_PER_HOUR: '2' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await inject(app.app, { method: 'POST', url: '/api/contact', payload: validMessage() })).statusCode);
    expect(statuses).toEqual([201, 201, 429]);
    const limited = await inject(app.app, { method: 'POST', url: '/api/contact', payload: validMessage() });
    expect(limited.json()).toEqual({ error: 'Too many requests. Please slow down and try again shortly.', code: 'rate_limit:general' });
    expect(await app.database.db.select().from(contactMessages)).toHaveLength(2);
    await app.close();
  });
});
