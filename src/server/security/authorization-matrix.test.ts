import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { hashToken } from '#server/features/auth/tokens.ts';
import { setResetTokenByEmail } from '#server/features/auth/auth.queries.ts';
import { createBillingTestApp, startCheckout, address, type BillingTestApp } from '#tests/helpers/billing-app.ts';
import { ask, createChatSession, waitForMessage } from '#tests/helpers/chat-api.ts';
import { attachAndAnalyse } from '#tests/helpers/documents-api.ts';
import { registeredRoutes, routeKey } from '#tests/helpers/route-table.ts';
import { createTestApp, inject, sessionCookieOf, signUpUser, signUpVerifiedUser, uniqueEmail, type TestApp } from '#tests/helpers/test-app.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';

/**
 * Issue 9, point 4: who may call every route the app registers. Each row names a route as Fastify
 * registered it, builds one request for it, and expects one status per actor:
 *
 *   anonymous: no session;  standard / premium: another account (Free / paying) than the owner;
 *   admin: another account with the admin role;  owner: the account that owns what the request names
 *   (its conversation, message, document, subscription), or, for routes about the caller's own
 *   account, the caller acting on itself.
 *
 * Someone else's resource answers 404, as if it did not exist. The owner goes last (its call may
 * change the resource the others were refused). A route with no row fails the suite: write its row.
 */
type Actor = 'anonymous' | 'standard' | 'premium' | 'admin' | 'owner';
const actors: Actor[] = ['anonymous', 'standard', 'premium', 'admin', 'owner'];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Call {
  method?: Method;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Another session for this actor than its shared one (a row that signs the session out). */
  cookie?: string | null;
}

interface Row {
  route: string;
  /** The owner: 'premium' (paid through the fake Stripe, the default, so no Free limit answers first), 'standard' (Free) or a new Free account for this row. */
  owner?: 'standard' | 'premium' | 'fresh';
  /** Makes what the row needs (as the owner) and the request each actor sends. */
  request: (ctx: Context, actor: Actor) => Promise<Call> | Call;
  /** Status in the order anonymous, standard, premium, admin, owner. */
  expected: [number, number, number, number, number];
}

interface Account {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

interface Context {
  t: BillingTestApp;
  accounts: Record<Exclude<Actor, 'anonymous' | 'owner'>, Account>;
  owner: Account;
  /** Per-row memo: what the row prepared, made once for all five actors. */
  memo: Map<string, unknown>;
}

async function once<T>(ctx: Context, key: string, make: () => Promise<T>): Promise<T> {
  if (!ctx.memo.has(key)) ctx.memo.set(key, await make());
  return ctx.memo.get(key) as T;
}

/** A conversation of the owner's with one answered question. */
const conversation = (ctx: Context) =>
  once(ctx, 'conversation', async () => {
    const session = await createChatSession(ctx.t.app, ctx.owner.cookie, { executiveRole: 'CEO', industry: 'Energy', title: 'Owner plans' });
    const { userMessage, assistantMessage } = await ask(ctx.t.app, ctx.owner.cookie, session.id, 'What should we do next quarter?');
    await waitForMessage(ctx.t.app, ctx.owner.cookie, session.id, assistantMessage.id);
    return { sessionId: session.id, userMessageId: userMessage.id, assistantMessageId: assistantMessage.id };
  });

const ownerDocument = (ctx: Context) =>
  once(ctx, 'document', async () => {
    const { sessionId } = await conversation(ctx);
    return (await attachAndAnalyse(ctx.t.app, ctx.owner.cookie, sessionId, { name: 'plan.txt', type: 'text/plain' })).id;
  });

/** A new session for the actor, to be signed out. */
async function throwawayCookie(ctx: Context, actor: Actor): Promise<string | null> {
  if (actor === 'anonymous') return null;
  const account = actor === 'owner' ? ctx.owner : ctx.accounts[actor];
  const response = await inject(ctx.t.app, { method: 'POST', url: '/api/auth/signin', payload: { email: account.email, password: account.password } });
  return sessionCookieOf(response, ctx.t.config)!;
}

/** A finished roundtable of the owner's, in its conversation (decision 026). */
const ownerRoundtable = (ctx: Context) =>
  once(ctx, 'roundtable', async () => {
    const { sessionId } = await conversation(ctx);
    const response = await inject(ctx.t.app, { method: 'POST', url: `/api/chat-sessions/${sessionId}/roundtables`, cookie: ctx.owner.cookie, payload: { question: 'Expand?', format: 'roundtable', executiveRoles: ['CFO', 'CMO'] } });
    await ctx.t.app.roundtables.whenIdle();
    return { sessionId, id: (response.json() as { id: string }).id };
  });

/** A decision the owner saved from the reply of its conversation (decision 034), one per key. */
const ownerDecision = (ctx: Context, key: string) =>
  once(ctx, `decision-${key}`, async () => {
    const { sessionId, assistantMessageId } = await conversation(ctx);
    const response = await inject(ctx.t.app, { method: 'POST', url: '/api/decisions', cookie: ctx.owner.cookie, payload: { sessionId, messageId: assistantMessageId, text: `Decide ${key}` } });
    return (response.json() as { id: string }).id;
  });

/** A fact the owner saved on the memory page (decision 073), one per key. */
const ownerFact = (ctx: Context, key: string) =>
  once(ctx, `fact-${key}`, async () => {
    const response = await inject(ctx.t.app, { method: 'POST', url: '/api/memory/facts', cookie: ctx.owner.cookie, payload: { text: `We decided ${key}.` } });
    return (response.json() as { id: string }).id;
  });

/** The owner's analysed document, pinned to the company (decision 082). */
const ownerPin = (ctx: Context) =>
  once(ctx, 'pin', async () => {
    const documentId = await ownerDocument(ctx);
    await inject(ctx.t.app, { method: 'POST', url: '/api/memory/pins', cookie: ctx.owner.cookie, payload: { documentId } });
    return documentId;
  });

/** A picture file the owner uploaded, not yet made into a picture. */
const ownerPictureUpload = (ctx: Context) =>
  once(ctx, 'picture-upload', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#224466' } }).png().toBuffer();
    const { uploadURL } = (await inject(ctx.t.app, { method: 'POST', url: '/api/objects/upload', cookie: ctx.owner.cookie, payload: { size: png.length } })).json() as { uploadURL: string };
    await ctx.t.app.inject({ method: 'PUT', url: uploadURL, payload: png, headers: { 'content-type': 'image/png' } });
    return uploadURL;
  });

/** A finished picture's path (public). */
const publicPicture = (ctx: Context) =>
  once(ctx, 'picture', async () => {
    const profilePictureURL = (await ownerPictureUpload(ctx)).split('?')[0];
    return (await inject(ctx.t.app, { method: 'PUT', url: '/api/profile-pictures', cookie: ctx.owner.cookie, payload: { profilePictureURL } })).json().objectPath as string;
  });

const everyone = (status: number): Row['expected'] => [status, status, status, status, status];
const signedIn = (status: number): Row['expected'] => [401, status, status, status, status];
const ownerOnly = (status: number): Row['expected'] => [401, 404, 404, 404, status];

const matrix: Row[] = [
  // Public pages and documents.
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expected: everyone(200) },
  // Operators only: the admin role reads the page-view report; the owner of nothing here is a standard account.
  { route: 'GET /api/admin/analytics/page-views', request: () => ({ url: '/api/admin/analytics/page-views?from=2026-11-01&to=2026-11-24' }), expected: [401, 403, 403, 200, 403] },
  { route: 'GET /api/health/live', request: () => ({ url: '/api/health/live' }), expected: everyone(200) },
  { route: 'GET /api/health/ready', request: () => ({ url: '/api/health/ready' }), expected: everyone(200) },
  // Metrics are the operator's: only METRICS_TOKEN opens them, never a user's session (operations.test.ts has the token holder).
  { route: 'GET /metrics', request: () => ({ url: '/metrics' }), expected: everyone(401) },
  { route: 'GET /api/docs/openapi.json', request: () => ({ url: '/api/docs/openapi.json' }), expected: everyone(200) },
  { route: 'GET /manifest.webmanifest', request: () => ({ url: '/manifest.webmanifest' }), expected: everyone(200) },
  { route: 'GET /robots.txt', request: () => ({ url: '/robots.txt' }), expected: everyone(200) },
  { route: 'GET /sitemap.xml', request: () => ({ url: '/sitemap.xml' }), expected: everyone(200) },
  { route: 'POST /api/contact', request: () => ({ method: 'POST', url: '/api/contact', payload: { name: 'Ann', email: 'ann@example.com', subject: 'Hello', message: 'A question about plans.' } }), expected: everyone(201) },
  // Visitors keep their consent in the browser; the server keeps signed-in users' own.
  { route: 'GET /api/cookie-consent', request: () => ({ url: '/api/cookie-consent' }), expected: signedIn(200) },
  { route: 'POST /api/cookie-consent', request: () => ({ method: 'POST', url: '/api/cookie-consent', payload: { cookiesAccepted: true } }), expected: signedIn(200) },
  { route: 'POST /api/analytics/page-view', request: () => ({ method: 'POST', url: '/api/analytics/page-view', payload: { path: '/pricing' } }), expected: everyone(204) },

  // Accounts.
  { route: 'POST /api/auth/signup', request: () => ({ method: 'POST', url: '/api/auth/signup', payload: { firstName: 'New', lastName: 'Person', email: uniqueEmail('matrix'), password: 'correct horse battery' } }), expected: everyone(201) },
  {
    route: 'POST /api/auth/signin',
    // Everyone tries the owner's address; only the owner knows the password.
    request: (ctx, actor) => ({ method: 'POST', url: '/api/auth/signin', payload: { email: ctx.owner.email, password: actor === 'owner' ? ctx.owner.password : 'a guessed password' } }),
    expected: [401, 401, 401, 401, 200],
  },
  { route: 'POST /api/auth/logout', request: async (ctx, actor) => ({ method: 'POST', url: '/api/auth/logout', cookie: await throwawayCookie(ctx, actor) }), expected: everyone(200) },
  // A visitor is told it is signed out with 200 null, not an error its browser logs (decision 058).
  { route: 'GET /api/auth/me', request: () => ({ url: '/api/auth/me' }), expected: everyone(200) },
  { route: 'POST /api/auth/forgot-password', request: (ctx) => ({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: ctx.owner.email } }), expected: everyone(200) },
  {
    route: 'POST /api/auth/reset-password',
    // A reset signs the account out everywhere: an owner of its own, not the shared one.
    owner: 'fresh',
    // Only whoever holds the token from the owner's mailbox (the owner) can use it; the others guess.
    request: async (ctx, actor) => {
      const token = await once(ctx, 'reset-token', async () => {
        const value = `matrix-reset-${crypto.randomUUID()}`;
        await setResetTokenByEmail(ctx.t.database.db, ctx.owner.email, hashToken(value), new Date(Date.now() + 60_000));
        return value;
      });
      return { method: 'POST', url: '/api/auth/reset-password', payload: { token: actor === 'owner' ? token : `${token}-guess`, password: ctx.owner.password } };
    },
    expected: [400, 400, 400, 400, 200],
  },
  {
    route: 'POST /api/auth/verify-email',
    // Only whoever holds the token from the owner's mailbox (the owner) can use it; the others guess.
    owner: 'fresh',
    request: async (ctx, actor) => {
      const token = await once(ctx, 'verification-token', async () => {
        const value = `matrix-verify-${crypto.randomUUID()}`;
        await ctx.t.database.db.update(users).set({ emailVerificationToken: hashToken(value), emailVerificationSentAt: new Date() }).where(eq(users.id, ctx.owner.id));
        return value;
      });
      return { method: 'POST', url: '/api/auth/verify-email', payload: { token: actor === 'owner' ? token : `${token}-guess` } };
    },
    expected: [400, 400, 400, 400, 200],
  },
  // Acts on the caller's own account (verified accounts are told so).
  { route: 'POST /api/auth/resend-verification', request: () => ({ method: 'POST', url: '/api/auth/resend-verification' }), expected: signedIn(200) },
  { route: 'PUT /api/users/:id', request: (ctx) => ({ method: 'PUT', url: `/api/users/${ctx.owner.id}`, payload: { defaultIndustry: 'Energy' } }), expected: ownerOnly(200) },
  { route: 'GET /api/users/:id/latest-session', request: async (ctx) => (await conversation(ctx), { url: `/api/users/${ctx.owner.id}/latest-session` }), expected: ownerOnly(200) },
  { route: 'GET /api/users/:id/chat-sessions', request: async (ctx) => (await conversation(ctx), { url: `/api/users/${ctx.owner.id}/chat-sessions` }), expected: ownerOnly(200) },
  { route: 'GET /api/chat/usage', request: () => ({ url: '/api/chat/usage' }), expected: signedIn(200) },
  { route: 'GET /api/chat/recent-sessions', request: async (ctx) => (await conversation(ctx), { url: '/api/chat/recent-sessions' }), expected: signedIn(200) },

  // Conversations and messages.
  { route: 'POST /api/chat-sessions', request: () => ({ method: 'POST', url: '/api/chat-sessions', payload: { executiveRole: 'CEO', industry: 'Energy' } }), expected: signedIn(201) },
  { route: 'GET /api/chat-sessions/:id', request: async (ctx) => ({ url: `/api/chat-sessions/${(await conversation(ctx)).sessionId}` }), expected: ownerOnly(200) },
  // Renaming is the owner's, whatever the plan (decision 033).
  {
    route: 'PATCH /api/chat-sessions/:id',
    request: async (ctx) => ({ method: 'PATCH', url: `/api/chat-sessions/${(await conversation(ctx)).sessionId}`, payload: { title: 'Owner plans, renamed' } }),
    expected: ownerOnly(200),
  },
  { route: 'GET /api/chat-sessions/:id/messages', request: async (ctx) => ({ url: `/api/chat-sessions/${(await conversation(ctx)).sessionId}/messages` }), expected: ownerOnly(200) },
  {
    route: 'POST /api/chat-sessions/:id/messages',
    request: async (ctx) => ({ method: 'POST', url: `/api/chat-sessions/${(await conversation(ctx)).sessionId}/messages`, payload: { content: 'And the quarter after?', role: 'user' } }),
    expected: ownerOnly(201),
  },
  {
    route: 'PUT /api/chat-sessions/:id/context',
    // The same advisor: a Free owner may keep the context (changing it is Premium, not authorization).
    request: async (ctx) => ({ method: 'PUT', url: `/api/chat-sessions/${(await conversation(ctx)).sessionId}/context`, payload: { executiveRole: 'CEO' } }),
    expected: ownerOnly(200),
  },
  // The conversation's note (decision 083): its owner's to read, write and clear.
  { route: 'GET /api/chat-sessions/:id/note', request: async (ctx) => ({ url: `/api/chat-sessions/${(await conversation(ctx)).sessionId}/note` }), expected: ownerOnly(200) },
  { route: 'PUT /api/chat-sessions/:id/note', request: async (ctx) => ({ method: 'PUT', url: `/api/chat-sessions/${(await conversation(ctx)).sessionId}/note`, payload: { content: 'We sell in 3 countries.' } }), expected: ownerOnly(200) },
  { route: 'DELETE /api/chat-sessions/:id/note', request: async (ctx) => ({ method: 'DELETE', url: `/api/chat-sessions/${(await conversation(ctx)).sessionId}/note` }), expected: ownerOnly(200) },
  { route: 'POST /api/chat-sessions/:id/generate-title', request: async (ctx) => ({ method: 'POST', url: `/api/chat-sessions/${(await conversation(ctx)).sessionId}/generate-title` }), expected: ownerOnly(200) },
  {
    route: 'GET /api/chat-sessions/:id/messages/:messageId/stream',
    request: async (ctx) => {
      const c = await conversation(ctx);
      return { url: `/api/chat-sessions/${c.sessionId}/messages/${c.assistantMessageId}/stream` };
    },
    expected: ownerOnly(200),
  },
  {
    route: 'POST /api/chat-sessions/:id/messages/:messageId/stop',
    // Stopping a finished reply changes nothing and answers it; the others do not learn it exists.
    request: async (ctx) => {
      const c = await conversation(ctx);
      return { method: 'POST', url: `/api/chat-sessions/${c.sessionId}/messages/${c.assistantMessageId}/stop` };
    },
    expected: ownerOnly(200),
  },
  {
    route: 'POST /api/chat-sessions/:id/messages/:messageId/retry',
    // Only a failed or stopped reply can be retried: the owner is told so; the others do not learn it exists.
    request: async (ctx) => {
      const c = await conversation(ctx);
      return { method: 'POST', url: `/api/chat-sessions/${c.sessionId}/messages/${c.assistantMessageId}/retry` };
    },
    expected: ownerOnly(400),
  },
  {
    route: 'POST /api/chat-sessions/:id/messages/:messageId/regenerate',
    // A finished reply written again as a new take: the owner's starts (202); the others do not learn it exists.
    request: async (ctx) => {
      const target = await once(ctx, 'message-to-regenerate', async () => {
        const { sessionId } = await conversation(ctx);
        const { assistantMessage } = await ask(ctx.t.app, ctx.owner.cookie, sessionId, 'Another angle, please');
        await waitForMessage(ctx.t.app, ctx.owner.cookie, sessionId, assistantMessage.id);
        return { sessionId, messageId: assistantMessage.id };
      });
      return { method: 'POST', url: `/api/chat-sessions/${target.sessionId}/messages/${target.messageId}/regenerate` };
    },
    expected: ownerOnly(202),
  },
  {
    route: 'POST /api/chat-sessions/:id/messages/:messageId/second-opinion',
    // The owner (Premium) asks another executive; the others do not learn the conversation exists.
    request: async (ctx) => {
      const c = await conversation(ctx);
      return { method: 'POST', url: `/api/chat-sessions/${c.sessionId}/messages/${c.assistantMessageId}/second-opinion`, payload: { executiveRole: 'CMO' } };
    },
    expected: ownerOnly(201),
  },
  {
    route: 'PATCH /api/messages/:id/feedback',
    request: async (ctx) => ({ method: 'PATCH', url: `/api/messages/${(await conversation(ctx)).assistantMessageId}/feedback`, payload: { like: 1 } }),
    expected: ownerOnly(200),
  },
  {
    route: 'DELETE /api/messages/:id',
    request: async (ctx) => {
      const message = await once(ctx, 'message-to-delete', async () => {
        const { sessionId } = await conversation(ctx);
        const { assistantMessage } = await ask(ctx.t.app, ctx.owner.cookie, sessionId, 'One more thing');
        await waitForMessage(ctx.t.app, ctx.owner.cookie, sessionId, assistantMessage.id);
        return assistantMessage.id;
      });
      return { method: 'DELETE', url: `/api/messages/${message}` };
    },
    expected: ownerOnly(200),
  },
  // The decision log (decision 034): the caller's own list; a decision, or a reply to save one from, is its owner's only.
  { route: 'GET /api/decisions', request: () => ({ url: '/api/decisions' }), expected: signedIn(200) },
  { route: 'GET /api/decisions/follow-ups', request: () => ({ url: '/api/decisions/follow-ups' }), expected: signedIn(200) },
  {
    route: 'POST /api/decisions',
    request: async (ctx) => {
      const { sessionId, assistantMessageId } = await conversation(ctx);
      return { method: 'POST', url: '/api/decisions', payload: { sessionId, messageId: assistantMessageId, kind: 'action', owner: 'Dana', followUpOn: '2031-01-01' } };
    },
    expected: ownerOnly(201),
  },
  { route: 'PATCH /api/decisions/:id', request: async (ctx) => ({ method: 'PATCH', url: `/api/decisions/${await ownerDecision(ctx, 'patch')}`, payload: { status: 'done' } }), expected: ownerOnly(200) },
  { route: 'DELETE /api/decisions/:id', request: async (ctx) => ({ method: 'DELETE', url: `/api/decisions/${await ownerDecision(ctx, 'delete')}` }), expected: ownerOnly(200) },
  { route: 'POST /api/decisions/:id/follow-up', request: async (ctx) => ({ method: 'POST', url: `/api/decisions/${await ownerDecision(ctx, 'follow-up')}/follow-up` }), expected: ownerOnly(201) },
  // Company memory (decisions 073, 074): the caller's own; learned facts are Premium (a Free account is refused by its plan first).
  { route: 'GET /api/memory', request: () => ({ url: '/api/memory' }), expected: signedIn(200) },
  { route: 'PATCH /api/memory/profile', request: () => ({ method: 'PATCH', url: '/api/memory/profile', payload: { name: 'Acme', cash: 1000000 } }), expected: signedIn(200) },
  { route: 'PATCH /api/memory/settings', request: () => ({ method: 'PATCH', url: '/api/memory/settings', payload: { paused: false } }), expected: signedIn(200) },
  { route: 'POST /api/memory/facts', request: () => ({ method: 'POST', url: '/api/memory/facts', payload: { text: 'We hired a CRO.' } }), expected: [401, 403, 201, 201, 201] },
  { route: 'PATCH /api/memory/facts/:id', request: async (ctx) => ({ method: 'PATCH', url: `/api/memory/facts/${await ownerFact(ctx, 'patch')}`, payload: { text: 'We hired a CRO, Sam.' } }), expected: [401, 403, 404, 404, 200] },
  { route: 'DELETE /api/memory/facts/:id', request: async (ctx) => ({ method: 'DELETE', url: `/api/memory/facts/${await ownerFact(ctx, 'delete')}` }), expected: ownerOnly(200) },
  // Another account's conversation has no proposals of theirs: an empty list, never the owner's.
  { route: 'GET /api/memory/proposals', request: async (ctx) => ({ url: `/api/memory/proposals?sessionId=${(await conversation(ctx)).sessionId}` }), expected: signedIn(200) },
  // Pinned documents (decision 082): pinning is Premium (Free is refused by its plan first); another account's document is not found.
  { route: 'POST /api/memory/pins', request: async (ctx) => ({ method: 'POST', url: '/api/memory/pins', payload: { documentId: await ownerDocument(ctx) } }), expected: [401, 403, 404, 404, 201] },
  { route: 'DELETE /api/memory/pins/:documentId', request: async (ctx) => ({ method: 'DELETE', url: `/api/memory/pins/${await ownerPin(ctx)}` }), expected: ownerOnly(200) },
  { route: 'GET /api/memory/pinnable', request: () => ({ url: '/api/memory/pinnable' }), expected: signedIn(200) },
  { route: 'GET /api/memory/export', request: () => ({ url: '/api/memory/export?format=json' }), expected: signedIn(200) },
  // Exports are Premium: a Free account is refused by its plan first, which says nothing about the conversation.
  // Roundtables: Premium, the owner's own (a Free owner is refused 403 in roundtable.test.ts).
  {
    route: 'POST /api/chat-sessions/:id/roundtables',
    request: async (ctx) => ({ method: 'POST', url: `/api/chat-sessions/${(await conversation(ctx)).sessionId}/roundtables`, payload: { question: 'Which market first?', format: 'head-to-head', executiveRoles: ['CFO', 'CMO'] } }),
    expected: ownerOnly(201),
  },
  { route: 'GET /api/chat-sessions/:id/roundtables', request: async (ctx) => ({ url: `/api/chat-sessions/${(await ownerRoundtable(ctx)).sessionId}/roundtables` }), expected: ownerOnly(200) },
  { route: 'GET /api/roundtables/:id', request: async (ctx) => ({ url: `/api/roundtables/${(await ownerRoundtable(ctx)).id}` }), expected: ownerOnly(200) },
  { route: 'GET /api/roundtables/:id/stream', request: async (ctx) => ({ url: `/api/roundtables/${(await ownerRoundtable(ctx)).id}/stream` }), expected: ownerOnly(200) },
  // Stopping a finished table changes nothing and answers it; resuming one that was not interrupted is refused.
  { route: 'POST /api/roundtables/:id/stop', request: async (ctx) => ({ method: 'POST', url: `/api/roundtables/${(await ownerRoundtable(ctx)).id}/stop` }), expected: ownerOnly(200) },
  { route: 'POST /api/roundtables/:id/resume', request: async (ctx) => ({ method: 'POST', url: `/api/roundtables/${(await ownerRoundtable(ctx)).id}/resume` }), expected: [401, 404, 404, 404, 400] },
  { route: 'GET /api/roundtables/:id/export/pdf', request: async (ctx) => ({ url: `/api/roundtables/${(await ownerRoundtable(ctx)).id}/export/pdf` }), expected: ownerOnly(200) },
  { route: 'GET /api/admin/roundtables/usage', request: () => ({ url: '/api/admin/roundtables/usage' }), expected: [401, 403, 403, 200, 403] },
  { route: 'GET /api/chat-sessions/:id/export/markdown', request: async (ctx) => ({ url: `/api/chat-sessions/${(await conversation(ctx)).sessionId}/export/markdown` }), expected: [401, 403, 404, 404, 200] },
  {
    route: 'GET /api/chat-sessions/:id/export/pdf',
    request: async (ctx) => ({ url: `/api/chat-sessions/${(await conversation(ctx)).sessionId}/export/pdf` }),
    expected: [401, 403, 404, 404, 200],
  },
  {
    route: 'GET /api/chat-sessions/:id/export/memo',
    request: async (ctx) => ({ url: `/api/chat-sessions/${(await conversation(ctx)).sessionId}/export/memo?format=md` }),
    expected: [401, 403, 404, 404, 200],
  },
  { route: 'DELETE /api/chat-sessions/:id', request: async (ctx) => ({ method: 'DELETE', url: `/api/chat-sessions/${(await conversation(ctx)).sessionId}` }), expected: ownerOnly(200) },
  {
    route: 'DELETE /api/users/:id/chat-sessions',
    request: async (ctx) => ({ method: 'DELETE', url: `/api/users/${ctx.owner.id}/chat-sessions`, payload: { sessionIds: [(await conversation(ctx)).sessionId] } }),
    expected: ownerOnly(200),
  },

  // Documents.
  { route: 'POST /api/documents/upload-url', request: () => ({ method: 'POST', url: '/api/documents/upload-url', payload: { size: 11 } }), expected: signedIn(200) },
  {
    route: 'PUT /api/storage/uploads/*',
    // The signed URL is the authority (like a presigned S3 URL): no session is needed or looked at.
    // The others try a key of their own with the owner's signature; the owner uses its URL.
    request: async (ctx, actor) => {
      const uploadURL = await once(ctx, 'upload-url', async () => (await inject(ctx.t.app, { method: 'POST', url: '/api/documents/upload-url', cookie: ctx.owner.cookie, payload: { size: 11 } })).json().uploadURL as string);
      const url = actor === 'owner' ? uploadURL : uploadURL.replace(/\/([^/?]+)\?/, `/${actor}-$1?`);
      return { method: 'PUT', url, payload: 'Plan: grow.', headers: { 'content-type': 'text/plain' } };
    },
    expected: [403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/documents/process',
    // Another account's upload (its key and its conversation) is not found.
    request: async (ctx) => {
      const { sessionId } = await conversation(ctx);
      const payload = await once(ctx, 'uploaded', async () => {
        const body = 'Plan: grow.';
        const { uploadURL } = (await inject(ctx.t.app, { method: 'POST', url: '/api/documents/upload-url', cookie: ctx.owner.cookie, payload: { size: body.length } })).json() as { uploadURL: string };
        await ctx.t.app.inject({ method: 'PUT', url: uploadURL, payload: body, headers: { 'content-type': 'text/plain' } });
        const objectStorageUrl = uploadURL.split('?')[0];
        return { objectStorageUrl, filename: 'plan.txt', originalName: 'plan.txt', mimeType: 'text/plain', size: body.length, executiveRole: 'CFO', sessionId };
      });
      return { method: 'POST', url: '/api/documents/process', payload };
    },
    expected: ownerOnly(201),
  },
  { route: 'GET /api/chat-sessions/:id/documents', request: async (ctx) => ({ url: `/api/chat-sessions/${(await conversation(ctx)).sessionId}/documents` }), expected: ownerOnly(200) },
  { route: 'GET /api/documents/:id', owner: 'premium', request: async (ctx) => ({ url: `/api/documents/${await ownerDocument(ctx)}` }), expected: ownerOnly(200) },
  { route: 'GET /api/documents/:id/download', owner: 'premium', request: async (ctx) => ({ url: `/api/documents/${await ownerDocument(ctx)}/download` }), expected: ownerOnly(200) },
  { route: 'DELETE /api/documents/:id', owner: 'premium', request: async (ctx) => ({ method: 'DELETE', url: `/api/documents/${await ownerDocument(ctx)}` }), expected: ownerOnly(204) },

  // Billing.
  { route: 'GET /api/stripe-config', request: () => ({ url: '/api/stripe-config' }), expected: everyone(200) },
  { route: 'POST /api/stripe/webhook', request: () => ({ method: 'POST', url: '/api/stripe/webhook', payload: { id: 'evt_1', type: 'invoice.paid' } }), expected: everyone(400) },
  { route: 'GET /api/auth/subscription-info', request: () => ({ url: '/api/auth/subscription-info' }), expected: signedIn(200) },
  {
    route: 'POST /api/create-embedded-subscription',
    owner: 'standard',
    // Acts on the caller's own account: the paying accounts (and the admin) have nothing to buy.
    request: () => ({ method: 'POST', url: '/api/create-embedded-subscription', payload: { period: 'yearly', address } }),
    expected: [401, 200, 409, 409, 200],
  },
  {
    route: 'GET /api/subscription-pricing/:subscriptionId',
    owner: 'standard',
    request: async (ctx) => ({ url: `/api/subscription-pricing/${await once(ctx, 'checkout', async () => (await startCheckout(ctx.t, ctx.owner.cookie)).subscriptionId)}` }),
    expected: ownerOnly(200),
  },
  {
    route: 'POST /api/cancel-incomplete-subscription',
    owner: 'standard',
    request: async (ctx) => ({
      method: 'POST',
      url: '/api/cancel-incomplete-subscription',
      payload: { subscriptionId: await once(ctx, 'checkout', async () => (await startCheckout(ctx.t, ctx.owner.cookie)).subscriptionId) },
    }),
    expected: ownerOnly(200),
  },
  {
    route: 'POST /api/change-subscription-period',
    // Acts on the caller's own subscription: the other paying account changes its own; Free and
    // admin accounts have none.
    request: () => ({ method: 'POST', url: '/api/change-subscription-period', payload: { period: 'yearly' } }),
    expected: [401, 404, 200, 404, 200],
  },
  {
    route: 'POST /api/cancel-subscription',
    request: () => ({ method: 'POST', url: '/api/cancel-subscription' }),
    expected: [401, 404, 200, 404, 200],
  },
  // Account dialogs (issue 15): the caller's own account only.
  { route: 'PATCH /api/users/:id', request: (ctx) => ({ method: 'PATCH', url: `/api/users/${ctx.owner.id}`, payload: { firstName: 'Owner' } }), expected: ownerOnly(200) },
  {
    route: 'POST /api/users/:id/change-password',
    // The owner's own session stays; every other session of the owner ends (none other is shared).
    request: (ctx) => ({ method: 'POST', url: `/api/users/${ctx.owner.id}/change-password`, payload: { currentPassword: ctx.owner.password, newPassword: ctx.owner.password } }),
    expected: ownerOnly(200),
  },
  { route: 'GET /api/users/:id/sessions', request: (ctx) => ({ url: `/api/users/${ctx.owner.id}/sessions` }), expected: ownerOnly(200) },
  {
    route: 'DELETE /api/users/:id/sessions/:sessionId',
    owner: 'fresh',
    request: async (ctx) => {
      const sessionId = await once(ctx, 'other-session', async () => {
        await throwawayCookie(ctx, 'owner');
        const listed = (await inject(ctx.t.app, { method: 'GET', url: `/api/users/${ctx.owner.id}/sessions`, cookie: ctx.owner.cookie })).json();
        return (listed.sessions as { id: string; current: boolean }[]).find((s) => !s.current)!.id;
      });
      return { method: 'DELETE', url: `/api/users/${ctx.owner.id}/sessions/${sessionId}` };
    },
    expected: ownerOnly(200),
  },
  { route: 'POST /api/users/:id/delete-account', owner: 'fresh', request: (ctx) => ({ method: 'POST', url: `/api/users/${ctx.owner.id}/delete-account`, payload: { currentPassword: ctx.owner.password } }), expected: ownerOnly(200) },
  // The profile picture flow works before an account exists (signup); an upload is its uploader's only.
  { route: 'POST /api/objects/upload', request: () => ({ method: 'POST', url: '/api/objects/upload', payload: { size: 2048 } }), expected: everyone(200) },
  {
    route: 'PUT /api/profile-pictures',
    request: async (ctx) => ({ method: 'PUT', url: '/api/profile-pictures', payload: { profilePictureURL: (await ownerPictureUpload(ctx)).split('?')[0] } }),
    expected: [404, 404, 404, 404, 200],
  },
  { route: 'GET /api/objects/avatars/:owner/:id', request: async (ctx) => ({ url: `/api${await publicPicture(ctx)}` }), expected: everyone(200) },
  // The admin dashboard: the admin role only.
  { route: 'GET /api/admin/stats', request: () => ({ url: '/api/admin/stats' }), expected: [401, 403, 403, 200, 403] },
  { route: 'GET /api/admin/activity', request: () => ({ url: '/api/admin/activity?days=7' }), expected: [401, 403, 403, 200, 403] },
  { route: 'GET /api/admin/users', request: () => ({ url: '/api/admin/users?q=a' }), expected: [401, 403, 403, 200, 403] },
  { route: 'GET /api/admin/audit-log', request: () => ({ url: '/api/admin/audit-log' }), expected: [401, 403, 403, 200, 403] },
  { route: 'PATCH /api/admin/users/:id', request: (ctx) => ({ method: 'PATCH', url: `/api/admin/users/${ctx.owner.id}`, payload: { vip: false } }), expected: [401, 403, 403, 200, 403] },
];

let ctx: Omit<Context, 'owner' | 'memo'> & { owners: Record<'standard' | 'premium', Account> };

async function account(t: BillingTestApp, kind: 'standard' | 'premium' | 'admin'): Promise<Account> {
  const signedUp = await signUpVerifiedUser(t);
  if (kind === 'premium') await t.stripe.pay((await startCheckout(t, signedUp.cookie)).subscriptionId);
  if (kind === 'admin') await t.database.db.update(users).set({ appUserType: 'admin' }).where(eq(users.id, signedUp.user.id));
  return { ...signedUp.user, password: signedUp.password, cookie: signedUp.cookie };
}

beforeAll(async () => {
  const t = await createBillingTestApp({ METRICS_TOKEN: 'matrix-metrics-token-0123456789' });
  const [standard, premium, admin, ownerStandard, ownerPremium] = [
    await account(t, 'standard'),
    await account(t, 'premium'),
    await account(t, 'admin'),
    await account(t, 'standard'),
    await account(t, 'premium'),
  ];
  await t.stripe.idle();
  ctx = { t, accounts: { standard, premium, admin }, owners: { standard: ownerStandard, premium: ownerPremium } };
});
afterAll(async () => {
  await ctx?.t.close();
});

describe('authorization matrix, generated from the route table', () => {
  it('has a row for every route the app registered, and no row for a route that is gone', () => {
    const registered = registeredRoutes(ctx.t.app).map(routeKey);
    // The route tree is read from Fastify: check the reading against the OpenAPI document.
    const documented = Object.entries((ctx.t.app.swagger() as { paths: Record<string, object> }).paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(registered).toEqual(expect.arrayContaining(documented));

    const rows = new Set(matrix.map((row) => row.route));
    const missing = registered.filter((route) => !rows.has(route));
    const message = missing
      .map((route) => `no authorization row for "${route}": add { route: '${route}', request: ..., expected: [anonymous, standard, premium, admin, owner] } to src/server/security/authorization-matrix.test.ts`)
      .join('\n');
    expect(missing, message).toEqual([]);
    expect(matrix.map((row) => row.route).filter((route) => !registered.includes(route)), 'rows for routes that no longer exist').toEqual([]);
  });

  it('has a row for every operation of the published OpenAPI document (issue 28, must-deliver 5)', async () => {
    // The document as a client reads it, not only the app's own copy: what is published is what must be covered.
    const response = await inject(ctx.t.app, { method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = (response.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    const operations = Object.entries(paths).flatMap(([path, byMethod]) =>
      Object.keys(byMethod)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(operations.length).toBeGreaterThan(50);
    const rows = new Set(matrix.map((row) => row.route));
    const missing = operations.filter((operation) => !rows.has(operation));
    expect(missing, missing.map((operation) => `"${operation}" is in the OpenAPI document but has no row in the authorization matrix`).join('\n')).toEqual([]);
  });

  it.each(matrix)('$route', async (row) => {
    const owner = row.owner === 'fresh' ? await account(ctx.t, 'standard') : ctx.owners[row.owner ?? 'premium'];
    const context: Context = { ...ctx, owner, memo: new Map() };
    const got: number[] = [];
    for (const actor of actors) {
      const call = await row.request(context, actor);
      const shared = actor === 'anonymous' ? undefined : actor === 'owner' ? context.owner.cookie : context.accounts[actor].cookie;
      const cookie = call.cookie === undefined ? shared : (call.cookie ?? undefined);
      const response = await inject(ctx.t.app, {
        method: call.method ?? 'GET',
        url: call.url,
        cookie,
        headers: call.headers,
        ...(call.payload === undefined ? {} : { payload: call.payload as object }),
      });
      got.push(response.statusCode);
    }
    expect(Object.fromEntries(actors.map((a, i) => [a, got[i]]))).toEqual(Object.fromEntries(actors.map((a, i) => [a, row.expected[i]])));
  });
});

/**
 * The development mailbox (decision 056) is registered only outside production and without SMTP_URL, so
 * the app above (which sends through an SMTP sink) does not have it. It is public on purpose (the person
 * running the server locally may have no account yet) and answers only on the machine itself: from any
 * other address every caller, signed in or not, admin or not, meets 404 as if it were not there.
 */
describe('authorization matrix of the routes a local installation adds (no SMTP_URL)', () => {
  type LocalRow = { route: string; url: (messageId: string) => string };
  const localRows: LocalRow[] = [
    { route: 'GET /api/dev/mail', url: () => '/api/dev/mail' },
    { route: 'GET /api/dev/mail/:id', url: (id) => `/api/dev/mail/${id}` },
    { route: 'GET /api/dev/mail/:id/eml', url: (id) => `/api/dev/mail/${id}/eml` },
  ];
  let local: TestApp;
  let messageId: string;
  let callers: Array<{ who: string; cookie?: string }>;

  beforeAll(async () => {
    local = await createTestApp();
    const signedUp = await signUpUser(local.app, local.config);
    const admin = await signUpUser(local.app, local.config);
    await local.database.db.update(users).set({ appUserType: 'admin' }).where(eq(users.id, admin.user.id));
    callers = [{ who: 'anonymous' }, { who: 'signed in', cookie: signedUp.cookie }, { who: 'admin', cookie: admin.cookie }];
    messageId = await waitFor(async () => {
      const listed = (await inject(local.app, { url: '/api/dev/mail' })).json<{ messages: Array<{ id: string; to: string }> }>();
      return listed.messages.find((m) => m.to === signedUp.user.email)?.id;
    }, 'the signup mail in the outbox');
  });
  afterAll(async () => {
    await local?.close();
  });

  it('has a row for every route the local installation adds to the matrix app’s', () => {
    const matrixRoutes = new Set(registeredRoutes(ctx.t.app).map(routeKey));
    const added = registeredRoutes(local.app)
      .map(routeKey)
      .filter((route) => !matrixRoutes.has(route));
    expect(added.sort()).toEqual(localRows.map((row) => row.route).sort());
  });

  it.each(localRows)('$route: 200 on this machine for everyone, 404 from any other address for everyone', async (row) => {
    const got: Record<string, number> = {};
    for (const caller of callers) {
      for (const [where, remoteAddress] of [
        ['here', '127.0.0.1'],
        ['afar', '203.0.113.9'],
      ] as const) {
        const response = await local.app.inject({ method: 'GET', url: row.url(messageId), remoteAddress, headers: caller.cookie ? { cookie: caller.cookie } : {} });
        got[`${caller.who} ${where}`] = response.statusCode;
      }
    }
    expect(got).toEqual(Object.fromEntries(callers.flatMap((caller) => [[`${caller.who} here`, 200], [`${caller.who} afar`, 404]])));
  });
});
