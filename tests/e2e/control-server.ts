/**
 * A test-only control server beside the end-to-end server (tests/e2e/serve.ts starts it in the same
 * process, on its database handle): it removes the users the tests created, by e-mail, and counts
 * users, so a run can prove it leaves none behind. The application knows nothing of it: it listens
 * on its own ephemeral port on 127.0.0.1, and its address is written to a file only the tests read.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { writeFileSync } from 'node:fs';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TestClock } from '../../src/server/clock.ts';
import type { Db } from '../../src/server/db/client.ts';
import { chatMessages, chatSessions, contactMessages, users } from '../../src/server/db/schema.ts';

export interface ControlAddress {
  url: string;
}

/**
 * Deletes the accounts with these e-mails and everything they own: their sessions, conversations,
 * messages and search data go with the user row (ON DELETE CASCADE); contact messages are kept by the
 * schema when a user goes, so those sent by the account or from its address are deleted here.
 */
export async function deleteUsersByEmail(db: Db, emails: string[]): Promise<number> {
  const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (lowered.length === 0) return 0;
  return db.transaction(async (tx) => {
    const owned = await tx.select({ id: users.id }).from(users).where(inArray(sql`lower(${users.email})`, lowered));
    const ids = owned.map((row) => row.id);
    const byAddress = inArray(sql`lower(${contactMessages.email})`, lowered);
    await tx.delete(contactMessages).where(ids.length > 0 ? or(byAddress, inArray(contactMessages.userId, ids)) : byAddress);
    if (ids.length === 0) return 0;
    return (await tx.delete(users).where(inArray(users.id, ids)).returning({ id: users.id })).length;
  });
}

/**
 * Live accounts. An account a journey deleted through the app stays as its tombstone (no personal
 * data, decision 024), which no e-mail names any more: it is the app's record, not a leftover.
 */
export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(isNull(users.deletedAt));
  return row?.n ?? 0;
}

export interface SeededMessage {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * Appends finished messages to a conversation of the account with this e-mail, one millisecond apart
 * and after any already there: for content the demo advisor never writes (an attacker's reply).
 * Answers how many were written (0 when the conversation is not that account's).
 */
export async function appendMessages(db: Db, email: string, sessionId: string, messages: SeededMessage[]): Promise<number> {
  const [owned] = await db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .innerJoin(users, eq(users.id, chatSessions.userId))
    .where(and(eq(chatSessions.id, sessionId), eq(sql`lower(${users.email})`, email.toLowerCase())));
  if (!owned) return 0;
  const start = Date.now();
  const rows = messages.map((message, index) => ({ sessionId, role: message.role, content: message.content, status: 'complete' as const, timestamp: new Date(start + index) }));
  return (await db.insert(chatMessages).values(rows).returning({ id: chatMessages.id })).length;
}

/**
 * Marks the address of the account with this e-mail verified, as following the mailed link does
 * (decision 017): journeys that are not about verification start from a verified account. The
 * verification journey itself follows the link from the SMTP sink.
 */
/**
 * Adds `count` empty conversations to the account with this e-mail, the i-th last updated `hoursApart * (i + 1)`
 * hours ago (a long history spread over days, weeks and months, as an import would leave it). Answers how many.
 */
export async function seedConversations(db: Db, email: string, count: number, hoursApart: number): Promise<number> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!owner) return 0;
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => {
    // The newest a minute ago, so a list has a Today at any hour of the day (at 10 hours apart starting 10
    // hours ago, the journey failed whenever it ran before 10:00).
    const at = new Date(now - 60_000 - hoursApart * i * 3_600_000);
    return { userId: owner.id, title: `Seeded conversation ${i + 1}`, executiveRole: 'CFO', industry: 'Finance', userRole: 'Founder', createdAt: at, updatedAt: at };
  });
  return (await db.insert(chatSessions).values(rows).returning({ id: chatSessions.id })).length;
}

export async function markEmailVerified(db: Db, email: string): Promise<number> {
  return (
    await db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, emailVerificationToken: null })
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .returning({ id: users.id })
  ).length;
}

/** Makes the account with this e-mail an admin (in production only ADMIN_EMAILS with a proven mailbox become one). */
export async function makeAdmin(db: Db, email: string): Promise<number> {
  return (await db.update(users).set({ appUserType: 'admin' }).where(eq(sql`lower(${users.email})`, email.toLowerCase())).returning({ id: users.id })).length;
}

/**
 * Sets the server's "today" for the account with this e-mail (null: the real date again), through the
 * app's test clock (TEST_CLOCK, decision 034): only that account's follow-ups see the day, so journeys
 * running at the same time are not moved. Answers how many accounts it set (0: no such account).
 */
export async function setToday(db: Db, clock: TestClock, email: string, day: string | null): Promise<number> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!owner) return 0;
  clock.set(owner.id, day);
  return 1;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * POST /users/delete { emails } -> { deleted }; GET /users/count -> { count };
 * POST /messages/append { email, sessionId, messages } -> { appended };
 * POST /users/verify-email { email } -> { verified }; POST /users/make-admin { email } -> { updated };
 * POST /clock/today { email, day: 'YYYY-MM-DD' | null } -> { set } (the app's test clock). It listens (and its
 * address file exists) before the application does, so a test never finds the app up without it.
 */
export async function startControlServer(database: Promise<Db>, addressFile: string, testClock: Promise<TestClock | null>): Promise<ControlAddress> {
  const server = createServer((request, response) => {
    void (async () => {
      try {
        const db = await database;
        if (request.method === 'POST' && request.url === '/clock/today') {
          const clock = await testClock;
          if (!clock) return answer(response, 409, { error: 'the app runs without TEST_CLOCK' });
          const { email, day } = (await readJson(request)) as { email?: unknown; day?: unknown };
          if (typeof email !== 'string' || !(day === null || (typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day)))) {
            return answer(response, 400, { error: 'email: a string, day: YYYY-MM-DD or null' });
          }
          return answer(response, 200, { set: await setToday(db, clock, email, day) });
        }
        if (request.method === 'POST' && request.url === '/users/delete') {
          const { emails } = (await readJson(request)) as { emails?: unknown };
          if (!Array.isArray(emails) || !emails.every((e) => typeof e === 'string')) return answer(response, 400, { error: 'emails: a list of strings' });
          return answer(response, 200, { deleted: await deleteUsersByEmail(db, emails) });
        }
        if (request.method === 'POST' && request.url === '/messages/append') {
          const { email, sessionId, messages } = (await readJson(request)) as { email?: unknown; sessionId?: unknown; messages?: unknown };
          const valid = Array.isArray(messages) && messages.every((m: SeededMessage) => (m.role === 'user' || m.role === 'assistant') && typeof m.content === 'string');
          if (typeof email !== 'string' || typeof sessionId !== 'string' || !valid) return answer(response, 400, { error: 'email, sessionId, messages: [{ role, content }]' });
          return answer(response, 200, { appended: await appendMessages(db, email, sessionId, messages as SeededMessage[]) });
        }
        if (request.method === 'POST' && request.url === '/sessions/seed') {
          const { email, count, hoursApart } = (await readJson(request)) as { email: string; count: number; hoursApart: number };
          return answer(response, 200, { seeded: await seedConversations(db, email, count, hoursApart) });
        }
        if (request.method === 'POST' && request.url === '/users/verify-email') {
          const { email } = (await readJson(request)) as { email?: unknown };
          if (typeof email !== 'string') return answer(response, 400, { error: 'email: a string' });
          return answer(response, 200, { verified: await markEmailVerified(db, email) });
        }
        if (request.method === 'POST' && request.url === '/users/make-admin') {
          const { email } = (await readJson(request)) as { email?: unknown };
          if (typeof email !== 'string') return answer(response, 400, { error: 'email: a string' });
          return answer(response, 200, { updated: await makeAdmin(db, email) });
        }
        if (request.method === 'GET' && request.url === '/users/count') return answer(response, 200, { count: await countUsers(db) });
        answer(response, 404, { error: 'not found' });
      } catch (error) {
        answer(response, 500, { error: String(error) });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as { port: number };
  const address: ControlAddress = { url: `http://127.0.0.1:${port}` };
  writeFileSync(addressFile, JSON.stringify(address));
  return address;
}
