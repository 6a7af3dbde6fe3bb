import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '#contract/account.ts';
import {
  chatMessages,
  chatSessions,
  chatSessionSearch,
  chatSessionSummaries,
  contactMessages,
  decisions,
  companyFacts,
  documentPins,
  companyProfiles,
  documentChunks,
  documents,
  jobs,
  payments,
  sessions,
  users,
} from '#server/db/schema.ts';
import { createBillingTestApp, startCheckout, type BillingTestApp } from '#tests/helpers/billing-app.ts';
import { ask, createChatSession, waitForMessage } from '#tests/helpers/chat-api.ts';
import { attachAndAnalyse } from '#tests/helpers/documents-api.ts';
import { inject, sessionCookieOf, setPlan, signUpUser, signUpVerifiedUser, validSignup } from '#tests/helpers/test-app.ts';
import { JobQueue } from '#server/jobs/job-queue.ts';
import { scheduleRetention, sweepExpiredConversations } from './deletion.service.ts';

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Every file in local storage, as `<purpose>/<owner>/<id>` keys. */
function storedKeys(): string[] {
  const root = t.config.storage.driver === 'local' ? t.config.storage.dir : '';
  const keys: string[] = [];
  const walk = (dir: string, parts: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), [...parts, entry.name]);
      else keys.push([...parts, entry.name].join('/'));
    }
  };
  walk(root, []);
  return keys;
}

/** How many rows of each table belong to the account. */
async function rowsOf(userId: string) {
  const db = t.database.db;
  const ids = (await db.select({ id: chatSessions.id }).from(chatSessions).where(eq(chatSessions.userId, userId))).map((r) => r.id);
  const docIds = (await db.select({ id: documents.id }).from(documents).where(eq(documents.userId, userId))).map((r) => r.id);
  const n = async (query: Promise<unknown[]>) => (await query).length;
  return {
    chatSessions: ids.length,
    chatMessages: ids.length ? await n(db.select({ id: chatMessages.id }).from(chatMessages).where(inArray(chatMessages.sessionId, ids))) : 0,
    summaries: await n(db.select({ id: chatSessionSummaries.sessionId }).from(chatSessionSummaries).where(eq(chatSessionSummaries.userId, userId))),
    search: ids.length ? await n(db.select({ id: chatSessionSearch.sessionId }).from(chatSessionSearch).where(inArray(chatSessionSearch.sessionId, ids))) : 0,
    documents: docIds.length,
    documentChunks: docIds.length ? await n(db.select({ id: documentChunks.id }).from(documentChunks).where(inArray(documentChunks.documentId, docIds))) : 0,
    sessions: await n(db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))),
    payments: await n(db.select({ id: payments.id }).from(payments).where(eq(payments.userId, userId))),
    contactMessages: await n(db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.userId, userId))),
    decisions: await n(db.select({ id: decisions.id }).from(decisions).where(eq(decisions.userId, userId))),
    companyProfiles: await n(db.select({ id: companyProfiles.userId }).from(companyProfiles).where(eq(companyProfiles.userId, userId))),
    companyFacts: await n(db.select({ id: companyFacts.id }).from(companyFacts).where(eq(companyFacts.userId, userId))),
    documentPins: await n(db.select({ id: documentPins.documentId }).from(documentPins).where(eq(documentPins.userId, userId))),
  };
}

async function anonymousPicture(): Promise<string> {
  const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#336699' } }).png().toBuffer();
  const { uploadURL } = (await inject(t.app, { method: 'POST', url: '/api/objects/upload', payload: { size: photo.length } })).json() as { uploadURL: string };
  await t.app.inject({ method: 'PUT', url: uploadURL, payload: photo, headers: { 'content-type': 'image/png' } });
  return (await inject(t.app, { method: 'PUT', url: '/api/profile-pictures', payload: { profilePictureURL: uploadURL.split('?')[0] } })).json().objectPath;
}

describe('POST /api/users/:id/delete-account', () => {
  it('cancels the subscription, removes every row and file of the account, keeps a tombstone, ends every session; the address can sign up again', async () => {
    const picture = await anonymousPicture();
    const signup = { ...validSignup(), profilePicture: picture };
    const { user, cookie } = await signUpVerifiedUser(t, signup as ReturnType<typeof validSignup>);
    const paid = await startCheckout(t, cookie);
    await t.stripe.pay(paid.subscriptionId);
    const session = await createChatSession(t.app, cookie, { executiveRole: 'CFO', industry: 'Energy' });
    const { assistantMessage } = await ask(t.app, cookie, session.id, 'What about cash flow this quarter?');
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    const document = await attachAndAnalyse(t.app, cookie, session.id, { name: 'plan.txt', type: 'text/plain' });
    // The decision log (decision 034): one decision and one action item saved from the reply.
    for (const kind of ['decision', 'action']) {
      const saved = await inject(t.app, { method: 'POST', url: '/api/decisions', cookie, payload: { sessionId: session.id, messageId: assistantMessage.id, kind, text: `Keep cash for ${kind}` } });
      expect(saved.statusCode).toBe(201);
    }
    // Company memory (decision 073): the profile and a fact.
    expect((await inject(t.app, { method: 'PATCH', url: '/api/memory/profile', cookie, payload: { name: 'Acme', cash: 1_200_000 } })).statusCode).toBe(200);
    expect((await inject(t.app, { method: 'POST', url: '/api/memory/facts', cookie, payload: { text: 'We closed the Series A at $12M.' } })).statusCode).toBe(201);
    // Pinned documents (decision 082).
    expect((await inject(t.app, { method: 'POST', url: '/api/memory/pins', cookie, payload: { documentId: document.id } })).statusCode).toBe(201);
    await inject(t.app, { method: 'POST', url: '/api/contact', cookie, payload: { name: 'Ada L', email: user.email, subject: 'About my plan', message: 'A question about my plan.' } });
    const phone = sessionCookieOf(await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: user.email, password: signup.password } }), t.config)!;

    const before = await rowsOf(user.id);
    // The search row is built lazily, before a search (decision 008): one search makes it.
    expect(before).toMatchObject({ chatSessions: 1, summaries: 1, documents: 1, sessions: 2, payments: 1, contactMessages: 1, decisions: 2, companyProfiles: 1, companyFacts: 1, documentPins: 1 });
    expect(before.chatMessages).toBeGreaterThanOrEqual(2);
    expect(before.documentChunks).toBeGreaterThan(0);
    const documentKey = (await t.database.db.select({ key: documents.storageKey }).from(documents).where(eq(documents.id, document.id)))[0]!.key;
    const [owner, id] = picture.split('/').slice(3);
    const files = [documentKey, `avatars/${owner}/${id}`, `avatars-small/${owner}/${id}`];
    expect(storedKeys()).toEqual(expect.arrayContaining(files));

    // Another account cannot delete it: as if it did not exist.
    const stranger = await signUpUser(t.app, t.config);
    expect((await inject(t.app, { method: 'POST', url: `/api/users/${user.id}/delete-account`, cookie: stranger.cookie, payload: { currentPassword: stranger.password } })).statusCode).toBe(404);
    expect((await inject(t.app, { method: 'POST', url: `/api/users/${user.id}/delete-account`, payload: { currentPassword: signup.password } })).statusCode).toBe(401);
    expect(await rowsOf(user.id)).toEqual(before);

    const deleted = await inject(t.app, { method: 'POST', url: `/api/users/${user.id}/delete-account`, cookie, payload: { currentPassword: signup.password, deletionReason: '  Found another tool  ' } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: accountMessages.accountDeleted });
    expect(deleted.cookies.find((c) => c.name === t.config.session.cookieName)?.value).toBe('');
    await t.stripe.idle();
    expect(t.stripe.subscription(paid.subscriptionId)!.status).toBe('canceled');
    await t.app.jobs.runUntilIdle();

    expect(await rowsOf(user.id)).toEqual({ chatSessions: 0, chatMessages: 0, summaries: 0, search: 0, documents: 0, documentChunks: 0, sessions: 0, payments: 1, contactMessages: 0, decisions: 0, companyProfiles: 0, companyFacts: 0, documentPins: 0 });
    // Billing records stay with the tombstone (decision 024): ids, amounts and periods, no personal data.
    expect((await t.database.db.select().from(payments).where(eq(payments.userId, user.id)))[0]).toMatchObject({ subscriptionStatus: 'canceled' });
    for (const file of files) expect(storedKeys()).not.toContain(file);
    const [tombstone] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(tombstone).toMatchObject({ deletedBy: 'self', deletionReason: 'Found another tool', firstName: 'Deleted', lastName: 'Account', profileImageUrl: null, cookiesAccepted: null });
    expect(tombstone!.deletedAt).toBeInstanceOf(Date);
    expect(tombstone!.email).toBe(`deleted-${user.id}@deleted.invalid`);
    expect(JSON.stringify(tombstone)).not.toContain(user.email);
    // Stripe's late webhooks about the cancelled subscription write no mail to the tombstone.
    expect(t.mail.messages.filter((m) => m.to.some((to) => to.endsWith('@deleted.invalid')))).toEqual([]);

    for (const gone of [cookie, phone]) expect((await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie: gone })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: user.email, password: signup.password } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { ...validSignup(user.email) } })).statusCode).toBe(201);
    expect(await rowsOf(stranger.user.id)).toMatchObject({ sessions: 1 });
  });

  it('a Free account without subscription is deleted the same way, with an empty reason', async () => {
    const { user, cookie, password } = await signUpUser(t.app, t.config);
    const deleted = await inject(t.app, { method: 'POST', url: `/api/users/${user.id}/delete-account`, cookie, payload: { currentPassword: password, deletionReason: '' } });
    expect(deleted.statusCode).toBe(200);
    const [tombstone] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(tombstone).toMatchObject({ deletedBy: 'self', deletionReason: null });
    expect((await inject(t.app, { method: 'POST', url: `/api/users/${user.id}/delete-account`, cookie, payload: { currentPassword: password } })).statusCode).toBe(401);
  });

  // Issue 29, point 10: one click and a stolen session (or a child at the keyboard) must not remove everything.
  it('asks for the password first: none or a wrong one deletes nothing and says why', async () => {
    const { user, cookie, password } = await signUpUser(t.app, t.config);
    const before = await rowsOf(user.id);
    const missing = await inject(t.app, { method: 'POST', url: `/api/users/${user.id}/delete-account`, cookie, payload: { deletionReason: 'bye' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('currentPassword: Enter your password to delete your account.');
    const wrong = await inject(t.app, { method: 'POST', url: `/api/users/${user.id}/delete-account`, cookie, payload: { currentPassword: 'not my password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'That password is not correct, so your account was not deleted.', code: 'bad_request:delete_password' });
    expect(await rowsOf(user.id)).toEqual(before);
    expect((await inject(t.app, { method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(200);

    expect((await inject(t.app, { method: 'POST', url: `/api/users/${user.id}/delete-account`, cookie, payload: { currentPassword: password } })).statusCode).toBe(200);
  });
});

describe('free-tier retention (decision 025)', () => {
  it('deletes only free conversations untouched for FREE_RETENTION_DAYS; premium accounts keep everything; one run a day across instances', async () => {
    const days = t.config.retention.freeDays;
    const make = async (plan: 'standard' | 'subscriber' | 'vip', ageDays: number) => {
      const { user, cookie } = await signUpUser(t.app, t.config);
      if (plan !== 'standard') await setPlan(t.database.db, user.id, plan);
      const session = await createChatSession(t.app, cookie, { executiveRole: 'CEO', industry: 'Energy' });
      await t.database.db.update(chatSessions).set({ updatedAt: sql`now() - make_interval(days => ${ageDays})` }).where(eq(chatSessions.id, session.id));
      return session.id;
    };
    const expired = await make('standard', days + 1);
    const recentFree = await make('standard', days - 1);
    const oldSubscriber = await make('subscriber', days + 30);
    const oldVip = await make('vip', days + 30);

    expect(await scheduleRetention({ db: t.database.db, jobs: t.app.jobs })).toBe(true);
    // Another instance (its own queue, the same database) offering the same day's run adds nothing.
    const otherInstance = new JobQueue({ db: t.database.db, log: t.app.log, concurrency: 1 });
    expect(await scheduleRetention({ db: t.database.db, jobs: otherInstance })).toBe(false);
    expect(await scheduleRetention({ db: t.database.db, jobs: t.app.jobs })).toBe(false);
    // The next UTC day is a new run.
    expect(await scheduleRetention({ db: t.database.db, jobs: otherInstance }, new Date(Date.now() + 86_400_000))).toBe(true);
    await t.database.db.delete(jobs).where(eq(jobs.kind, 'account.retention'));
    expect(await scheduleRetention({ db: t.database.db, jobs: t.app.jobs })).toBe(true);
    await t.app.jobs.runUntilIdle();
    const left = (await t.database.db.select({ id: chatSessions.id }).from(chatSessions).where(inArray(chatSessions.id, [expired, recentFree, oldSubscriber, oldVip]))).map((r) => r.id);
    expect(left.sort()).toEqual([recentFree, oldSubscriber, oldVip].sort());
    expect(await sweepExpiredConversations({ db: t.database.db }, days)).toBe(0);
  });
});
