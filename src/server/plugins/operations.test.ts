import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { replyErrors } from '#contract/chat.ts';
import { chatMessages } from '#server/db/schema.ts';
import { ask, createChatSession, waitForMessage } from '#tests/helpers/chat-api.ts';
import { createTestApp, inject, signUpUser, type TestApp } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import { drainAndClose } from './operations.ts';

async function signedInConversation(other: TestApp) {
  const { cookie } = await signUpUser(other.app, other.config);
  return { cookie, session: await createChatSession(other.app, cookie) };
}

const token = 'metrics-token-for-tests-0123456789';
const t = useTestApp({ METRICS_TOKEN: token });

describe('operations', () => {
  it('answers liveness and readiness with the state of the database and the storage', async () => {
    const live = await inject(t.app, { method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await inject(t.app, { method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', accepting: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('serves Prometheus metrics only with the token: routes, replies, tokens, streams and jobs', async () => {
    expect((await inject(t.app, { method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await inject(t.app, { method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-the-same-size-00' } })).statusCode).toBe(401);
    const { cookie, session } = await t.conversation();
    const { assistantMessage } = await ask(t.app, cookie, session.id, 'How should we price the new plan?');
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    // A path no route has is not a series (anyone could multiply them), nor is the scrape itself.
    expect((await inject(t.app, { method: 'GET', url: '/api/no-such-route-4711' })).statusCode).toBe(404);
    await inject(t.app, { method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    const scrape = await inject(t.app, { method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toContain('text/plain');
    const text = scrape.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*method="POST"[^}]*route="\/api\/chat-sessions\/:id\/messages"[^}]*status_code="201"[^}]*\} 1/);
    // The send, counted once in every bucket up to the largest.
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="10",method="POST",route="\/api\/chat-sessions\/:id\/messages",status_code="201"\} 1/);
    expect(text).not.toContain('no-such-route');
    expect(text).not.toContain('route="/metrics"');
    expect(text).toMatch(/corner_office_replies_total\{status="complete"\} 1/);
    expect(text).toMatch(/corner_office_tokens_total\{kind="output"\} [1-9]/);
    expect(text).toMatch(/corner_office_reply_streams_open 0/);
    expect(text).toMatch(/corner_office_replies_active 0/);
    expect(text).toMatch(/corner_office_jobs_waiting \d+/);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('while draining, refuses new work with 503 and Retry-After and is not ready, but stays live', async () => {
    const other = await createTestApp();
    try {
      other.app.operations.startDraining();
      const refused = await inject(other.app, { method: 'GET', url: '/api/auth/me' });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({ error: 'The service is restarting. Please try again in a few seconds.', code: 'unavailable:shutting_down' });
      expect((await inject(other.app, { method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      const ready = await inject(other.app, { method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json().checks.accepting).toBe('draining');
    } finally {
      await other.close();
    }
  });

  it('sheds load with 503 and Retry-After while the event loop is blocked, and recovers after', async () => {
    const other = await createTestApp({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '100' });
    try {
      // Hold the event loop for well over the limit, again and again, as an overloaded process does:
      // the monitor samples between the blocks (its timer is overdue after each), so it sees the lag.
      for (let block = 0; block < 4; block += 1) {
        const until = Date.now() + 300;
        while (Date.now() < until);
        await new Promise((resolve) => setImmediate(resolve));
      }
      const shed = await inject(other.app, { method: 'GET', url: '/api/auth/me' });
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('5');
      expect(shed.json().code).toBe('unavailable:overloaded');
      // Health answers anyway: a load balancer must not take a busy instance for a dead one. Pages are not
      // shed either (the app shell is cheap; a JSON error in place of a page is worse than a slow page).
      expect((await inject(other.app, { method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      expect((await inject(other.app, { method: 'GET', url: '/plans' })).statusCode).not.toBe(503);
      // Recovered: a visitor's session check answers again (200 null without a session, decision 058).
      await expect.poll(async () => (await inject(other.app, { method: 'GET', url: '/api/auth/me' })).statusCode, { timeout: 5000, interval: 100 }).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('lets a reply being written finish and saves it whole, while new requests are refused', async () => {
    const other = await createTestApp({ AI_DEMO_WORD_DELAY_MS: '5' });
    let closed = false;
    try {
      const { cookie, session } = await signedInConversation(other);
      const { assistantMessage } = await ask(other.app, cookie, session.id, 'What should the board hear first?');
      expect(other.app.replies.isRunning(assistantMessage.id)).toBe(true);
      const closing = drainAndClose(other.app, 30_000);
      const refused = await inject(other.app, { method: 'GET', url: '/api/auth/me', cookie });
      expect(refused.statusCode).toBe(503);
      expect(await closing).toBe(true);
      closed = true;
      const [saved] = await other.database.db.select().from(chatMessages).where(eq(chatMessages.id, assistantMessage.id));
      expect(saved).toMatchObject({ status: 'complete' });
      expect(saved!.content).toContain('Questions for you');
    } finally {
      if (closed) await other.database.close();
      else await other.close();
    }
  });

  it('ends what is still running after the grace period as interrupted, with its text kept', async () => {
    const other = await createTestApp({ AI_DEMO_WORD_DELAY_MS: '50' });
    const { cookie, session } = await signedInConversation(other);
    const { assistantMessage } = await ask(other.app, cookie, session.id, 'Walk me through a turnaround plan.');
    await expect.poll(async () => (await other.database.db.select().from(chatMessages).where(eq(chatMessages.id, assistantMessage.id)))[0]?.content.length ?? 0).toBeGreaterThan(0);
    expect(await drainAndClose(other.app, 50)).toBe(false);
    const [saved] = await other.database.db.select().from(chatMessages).where(eq(chatMessages.id, assistantMessage.id));
    await other.database.close();
    expect(saved).toMatchObject({ status: 'failed', error: replyErrors.interrupted });
    expect(saved!.content.length).toBeGreaterThan(0);
  });
});
