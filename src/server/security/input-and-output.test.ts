import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hasInvalidCodePoints } from '#contract/text.ts';
import { chatMessages, chatSessions, contactMessages, users } from '#server/db/schema.ts';
import { ask, createChatSession, waitForMessage } from '#tests/helpers/chat-api.ts';
import { createTestApp, inject, uniqueEmail, validSignup, type LogLine } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

/**
 * Findings 2 and 3 of issue 9, as an attacker sends them: NUL, lone surrogates and noncharacters
 * through every kind of text field, and through the model's own output.
 */
const t = useTestApp({}, { fakeAi: true });
const BAD = '\u0000\uD800\uFFFE\uFFFF';
const hasBad = (text: string | null | undefined) => hasInvalidCodePoints(text ?? '');

describe('invalid code points in requests', () => {
  // (A picture is now a path to a picture the server made, decision 024: profile-pictures tests cover it.)
  it('signup names: stored without them, never a 500', async () => {
    const email = uniqueEmail();
    const response = await inject(t.app, {
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...validSignup(email), firstName: `Ad${BAD}a`, lastName: `Love${BAD}lace` },
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.firstName).toBe('Ada');
    expect(row!.lastName).toBe('Lovelace');
  });

  it('e-mail and password with NUL: a clear answer, never a 500', async () => {
    for (const payload of [
      { ...validSignup(), email: `a${BAD}@example.com` },
      { ...validSignup(), password: `correct horse${BAD} battery` },
    ]) {
      const response = await inject(t.app, { method: 'POST', url: '/api/auth/signup', payload });
      expect(response.statusCode).toBeLessThan(500);
    }
    const signin = await inject(t.app, { method: 'POST', url: '/api/auth/signin', payload: { email: `x\u0000@example.com`, password: `x\u0000` } });
    expect(signin.statusCode).toBeLessThan(500);
  });

  it('conversation title, message content and the history search: stored and searched without them', async () => {
    const { cookie, user } = await t.signIn('vip');
    const session = await createChatSession(t.app, cookie, { executiveRole: 'CEO', industry: 'Technology', title: `Plan${BAD} B` });
    const [stored] = await t.database.db.select().from(chatSessions).where(eq(chatSessions.id, session.id));
    expect(stored!.title).toBe('Plan B');

    const sent = await ask(t.app, cookie, session.id, `Hello${BAD} there`);
    expect(sent.userMessage.content).toBe('Hello there');
    await waitForMessage(t.app, cookie, session.id, sent.assistantMessage.id);

    const search = await inject(t.app, { method: 'GET', url: `/api/users/${user.id}/chat-sessions?q=Hel%00lo%EF%BF%BE%ED%A0%80`, cookie });
    expect(search.statusCode).toBe(200);
  });

  it('contact form fields: sent without them', async () => {
    const response = await inject(t.app, {
      method: 'POST',
      url: '/api/contact',
      payload: { name: `Ev${BAD}e`, email: 'eve@example.com', subject: `Sub${BAD}ject line`, message: `A message${BAD} long enough` },
    });
    expect(response.statusCode).toBeLessThan(500);
    const rows = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, 'eve@example.com'));
    for (const row of rows) expect(hasBad(`${row.name}${row.subject}${row.message}`)).toBe(false);
  });
});

describe('invalid code points in the model output', () => {
  it('a reply holding NUL, lone surrogates and noncharacters is saved complete, without them', async () => {
    const { cookie } = await t.signIn();
    const session = await createChatSession(t.app, cookie);
    t.fake.when('nul-reply', { reply: `Before${BAD} the byte, \u0000after it. Half a pair \uDC00 and a \uD83D\uDE00 smile.` });
    const sent = await ask(t.app, cookie, session.id, 'nul-reply please');
    const done = await waitForMessage(t.app, cookie, session.id, sent.assistantMessage.id);
    expect(done.status).toBe('complete');
    expect(done.content).toBe('Before the byte, after it. Half a pair  and a \uD83D\uDE00 smile.');
    const [row] = await t.database.db.select().from(chatMessages).where(eq(chatMessages.id, sent.assistantMessage.id));
    expect(row!.status).toBe('complete');
    expect(hasBad(row!.content)).toBe(false);
  });
});

describe('secrets in the log', () => {
  it('a signup the database refuses logs the error without the hash, password, e-mail, token or cookie', async () => {
    const logLines: LogLine[] = [];
    const app = await createTestApp({ LOG_LEVEL: 'info' }, { logLines });
    try {
      // The database refuses every new account, as a broken constraint or a full disk would.
      await app.database.db.execute(
        sql.raw(`create or replace function refuse_signup() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`),
      );
      await app.database.db.execute(sql.raw('create trigger refuse_signup before insert on users for each row execute function refuse_signup()'));
      const email = uniqueEmail('secret-owner');
      const password = 'my very secret password';
      const response = await inject(app.app, {
        method: 'POST',
        url: '/api/auth/signup?token=querysecret123',
        payload: { ...validSignup(email), password },
        headers: { cookie: 'session=cookiesecret456', authorization: 'Bearer bearersecret789' },
      });
      expect(response.statusCode).toBe(500);
      const log = JSON.stringify(logLines);
      expect(logLines.some((line) => line.level >= 50)).toBe(true);
      for (const secret of ['$argon2', password, email, 'querysecret123', 'cookiesecret456', 'bearersecret789']) expect(log).not.toContain(secret);
      expect(log).toContain('Failed query');
    } finally {
      await app.close();
    }
  });
});
