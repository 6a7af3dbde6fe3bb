import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseEvent } from '#tests/helpers/chat-api.ts';
import { freePort } from '#tests/helpers/free-port.ts';
import { startFakeOpenAiServer, tokenChunks, type FakeOpenAiServer } from '#tests/fakes/openai-server.ts';
import { redisServerAvailable, startTestRedis, type TestRedis } from '#tests/helpers/redis-server.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';

/**
 * Two app processes (the real server, `src/server/server.ts`) on one PostgreSQL database and one
 * Redis, started at once, as behind a load balancer (issue 11, decision 029). Needs PostgreSQL
 * (TEST_DATABASE_URL) and a `redis-server` binary; the test starts its own Redis and database.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const root = fileURLToPath(new URL('../..', import.meta.url));
const METRICS_TOKEN = 'multi-instance-metrics-token';
const AUTH_LIMIT = 6;
const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The flags of playwright.config.ts (machines without a GPU, a sandbox or outside network). */
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
  output: () => string;
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--no-wasm-code-gc', '--import', 'tsx', 'src/server/server.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { name, url: `http://127.0.0.1:${port}`, process: child, output: () => output };
}

async function whenReady(instance: Instance): Promise<void> {
  await waitFor(
    async () => {
      if (instance.process.exitCode !== null) throw new Error(`${instance.name} exited (${instance.process.exitCode}):\n${instance.output()}`);
      const response = await fetch(`${instance.url}/api/health/ready`).catch(() => undefined);
      return response?.status === 200 ? true : undefined;
    },
    `${instance.name} to be ready`,
    60_000,
  );
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.process.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    instance.process.once('exit', () => resolve());
    instance.process.kill('SIGTERM');
  });
}

async function call<T = Record<string, unknown>>(instance: Instance, method: string, url: string, options: { cookie?: string; body?: unknown } = {}) {
  const response = await fetch(`${instance.url}${url}`, {
    method,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: (text ? JSON.parse(text) : null) as T };
}

/** The text a reader assembled from a reply stream's events (deltas appended; a snapshot replaces). */
function textOf(events: SseEvent[]): string {
  let text = '';
  for (const event of events) {
    const data = event.data as { text?: string; content?: string };
    if (event.event === 'delta') text += data.text ?? '';
    else if (event.event === 'snapshot' || event.event === 'done') text = data.content ?? text;
  }
  return text;
}

async function metric(instance: Instance, name: string, labels: string): Promise<number> {
  const response = await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const body = await response.text();
  const line = body.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe.skipIf(!serverUrl || !redisServerAvailable)('two instances on one PostgreSQL and one Redis', () => {
  let redis: TestRedis;
  let fake: FakeOpenAiServer;
  let databaseName: string;
  let databaseUrl: string;
  let dataDir: string;
  let a: Instance;
  let b: Instance;
  let cookie: string;
  let sessionId: string;

  const onServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    [redis, fake] = await Promise.all([startTestRedis(), startFakeOpenAiServer()]);
    databaseName = `co_multi_${randomBytes(6).toString('hex')}`;
    await onServer(`CREATE DATABASE ${databaseName}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    dataDir = mkdtempSync(path.join(tmpdir(), 'corner-office-multi-'));
    const env = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.baseUrl,
      AI_API_KEY: 'test',
      AI_MODEL: 'fake-model',
      // Long enough that only a message from the other instance can explain a revoked session.
      SESSION_CACHE_MS: '60000',
      RATE_LIMIT_AUTH_PER_MINUTE: String(AUTH_LIMIT),
      METRICS_TOKEN,
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
      SHUTDOWN_GRACE_MS: '1000',
    };
    // Both at once, on an empty database: both migrate, under the lock, and only one applies anything.
    [a, b] = await Promise.all([startInstance('A', env), startInstance('B', env)]);
    await Promise.all([whenReady(a), whenReady(b)]);

    const signup = await fetch(`${a.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: `multi.${Date.now()}@example.com`, password: 'correct horse battery' }),
    });
    expect(signup.status).toBe(201);
    cookie = signup.headers.getSetCookie()[0]!.split(';')[0]!;
    const session = await call<{ id: string }>(a, 'POST', '/api/chat-sessions', { cookie, body: { executiveRole: 'CEO', industry: 'Technology' } });
    expect(session.status).toBe(201);
    sessionId = session.json.id;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await Promise.all([redis?.stop(), fake?.close()]);
    if (databaseName) await onServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('both instances started at once migrate exactly once', async () => {
    const journal = JSON.parse(readFileSync(path.join(root, 'src/server/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string; distinct: string }>('select count(*) as count, count(distinct hash) as distinct from drizzle.__drizzle_migrations');
      expect(Number(rows[0]!.count)).toBe(journal.entries.length);
      expect(Number(rows[0]!.distinct)).toBe(journal.entries.length);
    } finally {
      await client.end();
    }
  });

  it('a reply written on A streams live to a reader on B, and a reader that reconnects to A resumes without loss or repeat', async () => {
    const reply = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    fake.when('fan out across instances', { reply, delayMs: 40 });
    const sent = await call<{ assistantMessage: { id: string } }>(a, 'POST', `/api/chat-sessions/${sessionId}/messages`, { cookie, body: { role: 'user', content: 'fan out across instances' } });
    expect(sent.status).toBe(201);
    const messageId = sent.json.assistantMessage.id;
    const streamUrl = `/api/chat-sessions/${sessionId}/messages/${messageId}/stream`;
    const polledBefore = await metric(b, 'corner_office_reply_streams_followed_total', 'source="database"');

    const onB = await openSse(`${b.url}${streamUrl}`, { cookie });
    expect(onB.status).toBe(200);
    // Some live text on B, then the reader goes away mid-reply.
    await onB.next((event) => event.event === 'delta' && textOf(onB.events).split(' ').length >= 10);
    onB.close();
    const lastId = onB.events.filter((event) => event.id !== undefined).at(-1)!.id!;
    const before = textOf(onB.events.filter((event) => event.id !== undefined && Number(event.id) <= Number(lastId)));
    expect(before.length).toBe(Number(lastId));

    const onA = await openSse(`${a.url}${streamUrl}`, { cookie, lastEventId: lastId });
    await onA.next((event) => event.event === 'done');
    const resumed = onA.events.filter((event) => event.event === 'delta' || event.event === 'done');
    const after = textOf(resumed.filter((event) => event.event === 'delta'));
    // Nothing lost, nothing twice: what B had plus what A sent after it is the whole reply.
    expect(before + after).toBe(reply);
    expect((resumed.at(-1)!.data as { content: string }).content).toBe(reply);
    // B followed the reply on the hub (Redis), never by reading the database.
    expect(await metric(b, 'corner_office_reply_streams_followed_total', 'source="hub"')).toBeGreaterThanOrEqual(1);
    expect(await metric(b, 'corner_office_reply_streams_followed_total', 'source="database"')).toBe(polledBefore);
  });

  it.skipIf(!existsSync(chromiumPath))('a browser subscribed on B (its own EventSource) follows a reply written on A live, to the end', async () => {
    const { chromium } = await import('playwright-core');
    const reply = Array.from({ length: 40 }, (_, i) => `browser${i}`).join(' ');
    // The reply pauses after two words until the browser on B has its first event: a loaded machine may take
    // longer to open the page than A takes to write 40 words, and then there is nothing left to follow live.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fake.when('a browser on the other instance', { reply, delayMs: 30, gate, gateAfterChunks: 2 });
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    try {
      const context = await browser.newContext();
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: b.url }]);
      const page = await context.newPage();
      // A page of B's origin (an API answer's policy allows no connection: decision 045).
      await page.goto(`${b.url}/chat`);
      const sent = await call<{ assistantMessage: { id: string } }>(a, 'POST', `/api/chat-sessions/${sessionId}/messages`, { cookie, body: { role: 'user', content: 'a browser on the other instance' } });
      const streamUrl = `/api/chat-sessions/${sessionId}/messages/${sent.json.assistantMessage.id}/stream`;
      const polledBefore = await metric(b, 'corner_office_reply_streams_followed_total', 'source="database"');
      // The browser's own EventSource on B, as the app's chat page opens it; deltas counted as they arrive.
      const watching = page.evaluate(
        (url) =>
          new Promise<{ text: string; final: string; deltas: number }>((resolve, reject) => {
            const source = new EventSource(url);
            let text = '';
            let deltas = 0;
            const heard = () => ((window as unknown as { heard?: boolean }).heard = true);
            source.addEventListener('delta', (event) => {
              heard();
              deltas += 1;
              text += (JSON.parse((event as MessageEvent<string>).data) as { text: string }).text;
            });
            source.addEventListener('snapshot', (event) => {
              heard();
              text = (JSON.parse((event as MessageEvent<string>).data) as { content: string }).content;
            });
            source.addEventListener('done', (event) => {
              source.close();
              resolve({ text, final: (JSON.parse((event as MessageEvent<string>).data) as { content: string }).content, deltas });
            });
            source.addEventListener('error', () => {
              if (source.readyState === EventSource.CLOSED) reject(new Error('the stream was refused'));
            });
          }),
        streamUrl,
      );
      await page.waitForFunction(() => (window as unknown as { heard?: boolean }).heard === true);
      release();
      const seen = await watching;
      expect(seen.final).toBe(reply);
      expect(seen.text).toBe(reply);
      // Live: word by word as A wrote them, not one snapshot at the end; read from the hub, not the database.
      expect(seen.deltas).toBeGreaterThan(10);
      expect(await metric(b, 'corner_office_reply_streams_followed_total', 'source="database"')).toBe(polledBefore);
    } finally {
      release();
      await browser.close();
    }
  });

  it('Stop sent to B ends the model call on A at once, keeping the text written so far', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Five words, then nothing: with no text arriving, A saves nothing more, so only B's message can stop it.
    fake.when('stop across instances', { reply: 'one two three four five six seven eight', gate, gateAfterChunks: 5 });
    try {
      const sent = await call<{ assistantMessage: { id: string } }>(a, 'POST', `/api/chat-sessions/${sessionId}/messages`, { cookie, body: { role: 'user', content: 'stop across instances' } });
      const messageId = sent.json.assistantMessage.id;
      const request = await waitFor(() => fake.requestsFor('stop across instances').find((r) => r.chunksSent >= 5), 'five chunks sent');
      const stopped = await call<{ message: { status: string } }>(b, 'POST', `/api/chat-sessions/${sessionId}/messages/${messageId}/stop`, { cookie });
      expect(stopped.status).toBe(200);
      expect(stopped.json.message.status).toBe('stopped');
      // A aborted its model call: the fake saw its client go away.
      await waitFor(() => (request.clientClosed ? true : undefined), 'A to end the model call', 5_000);
      const messages = await call<{ messages: { id: string; status: string; content: string }[] }>(a, 'GET', `/api/chat-sessions/${sessionId}/messages`, { cookie });
      const saved = messages.json.messages.find((m) => m.id === messageId)!;
      expect(saved.status).toBe('stopped');
      // What was written, ending at its last complete block (decision 061: the trailing space goes).
      expect(saved.content).toBe(tokenChunks('one two three four five six seven eight').slice(0, 5).join('').trimEnd());
    } finally {
      release();
    }
  });

  it('rate limits count across both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT + 1; i++) {
      const instance = i % 2 === 0 ? a : b;
      const response = await call(instance, 'POST', '/api/auth/signin', { body: { email: `nobody.${i}.${Date.now()}@example.com`, password: 'wrong password' } });
      statuses.push(response.status);
    }
    // Alone, each instance would allow AUTH_LIMIT: only a shared count refuses the one after the limit.
    expect(statuses.slice(0, AUTH_LIMIT).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('a session signed out on A is refused on B at once, though B had it cached', async () => {
    const signup = await fetch(`${a.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Grace', lastName: 'Hopper', email: `revoke.${Date.now()}@example.com`, password: 'correct horse battery' }),
    });
    const own = signup.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await call(b, 'GET', '/api/auth/me', { cookie: own })).status).toBe(200); // cached on B for a minute
    expect((await call(a, 'POST', '/api/auth/logout', { cookie: own })).status).toBeLessThan(300);
    await waitFor(async () => ((await call(b, 'GET', '/api/auth/me', { cookie: own })).status === 401 ? true : undefined), 'B to refuse the session', 2_000);
  });

  it('Redis going away mid-reply loses no reply: it is saved whole, and readers on either instance get all of it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const reply = Array.from({ length: 30 }, (_, i) => `fault${i}`).join(' ');
    fake.when('redis goes away', { reply, gate, gateAfterChunks: 10, delayMs: 10 });
    const sent = await call<{ assistantMessage: { id: string } }>(a, 'POST', `/api/chat-sessions/${sessionId}/messages`, { cookie, body: { role: 'user', content: 'redis goes away' } });
    const messageId = sent.json.assistantMessage.id;
    const streamUrl = `/api/chat-sessions/${sessionId}/messages/${messageId}/stream`;
    const onB = await openSse(`${b.url}${streamUrl}`, { cookie, timeoutMs: 40_000 });
    await waitFor(() => fake.requestsFor('redis goes away').find((r) => r.chunksSent >= 10), 'ten chunks sent');
    await redis.kill();
    release();
    // The reply finishes while Redis is away: its text is in the database whatever Redis does.
    await waitFor(
      async () => {
        const messages = await call<{ messages: { id: string; status: string; content: string }[] }>(a, 'GET', `/api/chat-sessions/${sessionId}/messages`, { cookie });
        const saved = messages.json.messages.find((m) => m.id === messageId);
        return saved?.status === 'complete' ? saved : undefined;
      },
      'the reply to be saved complete',
      20_000,
    ).then((saved) => expect(saved.content).toBe(reply));
    await redis.start();
    // Both instances are ready again once they reconnect.
    await Promise.all([whenReady(a), whenReady(b)]);
    // The reader on B gets the whole reply (from the hub once Redis is back, or the database); a new reader anywhere too.
    await onB.next((event) => event.event === 'done', 30_000);
    expect(textOf(onB.events)).toBe(reply);
    const fresh = await openSse(`${b.url}${streamUrl}`, { cookie });
    await fresh.next((event) => event.event === 'done');
    expect(textOf(fresh.events)).toBe(reply);
  }, 90_000);
});
