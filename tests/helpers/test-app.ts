import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '#server/app.ts';
import { configFrom, type Config } from '#server/config.ts';
import type { Database, Db } from '#server/db/client.ts';
import { payments, users, type User } from '#server/db/schema.ts';
import type { Tracing } from '#server/telemetry/tracing.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** One line of the app's log, parsed (see `logLines`). */
export type LogLine = { level: number; msg: string; [key: string]: unknown };

export interface TestAppOptions {
  clientDir?: string;
  /** Run on this database instead of a fresh one (a "restart" on the same data); close() leaves it open. */
  database?: Database;
  /** Collects the app's log (at LOG_LEVEL, else 'warn'), to see what an operator would read; without it the app logs nothing. */
  logLines?: LogLine[];
  /** Traces (src/server/telemetry), started by the test. */
  tracing?: Tracing;
}

/** buildApp on a fresh database with test configuration; `vars` are environment variables to set. */
export async function createTestApp(vars: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  // Files (local storage) go to a directory of this app's own, removed on close.
  const dataDir = vars.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'corner-office-test-'));
  const config = configFrom({
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    RATE_LIMIT_SIGNUP_PER_HOUR: '1000',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    RATE_LIMIT_CHAT_PER_MINUTE: '1000',
    RATE_LIMIT_CONTACT_PER_HOUR: '1000',
    AI_DEMO_WORD_DELAY_MS: '0',
    // With no provider set the server looks for a local model server (decision 072): never a developer's
    // own Ollama in a test. Port 9 (discard) refuses at once.
    AI_LOCAL_URL: 'http://127.0.0.1:9/v1',
    // Test files share a busy 2-core machine, where a PGlite query on the test's own thread can hold the
    // event loop for a second: load shedding is tested on its own (operations.test.ts), off elsewhere.
    LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
    // The budget the tests were written for; the per-model table (ai/context-budget.ts) has tests of its own.
    AI_CONTEXT_TOKENS: '12000',
    ...vars,
  });
  const lines = options.logLines;
  const logger = lines ? { level: vars.LOG_LEVEL ?? 'warn', stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } } : false;
  const app = await buildApp({ config, database, logger, clientDir: options.clientDir ?? '/nonexistent-client-dir', tracing: options.tracing });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads the session cookie a response set, as a browser would send it back. */
export function sessionCookieOf(response: LightMyRequestResponse, config: Config): string | undefined {
  const cookie = response.cookies.find((c) => c.name === config.session.cookieName);
  return cookie?.value ? `${config.session.cookieName}=${cookie.value}` : undefined;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export const validSignup = (email = uniqueEmail()) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  password: 'correct horse battery',
});

/** Signs a new user up and returns the cookie header that carries their session. */
export async function signUpUser(app: FastifyInstance, config: Config, overrides: Partial<ReturnType<typeof validSignup>> = {}) {
  const body = { ...validSignup(), ...overrides };
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookieOf(response, config)!;
  return { user: response.json().user as { id: string; email: string }, cookie, password: body.password };
}

/**
 * Signs a new user up with the address verified, as if they had followed the link mailed to them
 * (billing changes need it, decision 017). The mailed link itself is tested in email-verification.test.ts.
 */
export async function signUpVerifiedUser(t: Pick<TestApp, 'app' | 'config' | 'database'>, overrides: Partial<ReturnType<typeof validSignup>> = {}) {
  const signedUp = await signUpUser(t.app, t.config, overrides);
  await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, signedUp.user.id));
  return signedUp;
}

export type Plan = User['appUserType'];

/**
 * Plans change only through billing or the admin, so tests set the row directly. A subscriber is
 * Premium through a paid subscription (features/billing), so one that renews in a month comes with it.
 */
export async function setPlan(db: Db, userId: string, plan: Plan): Promise<void> {
  await db.update(users).set({ appUserType: plan }).where(eq(users.id, userId));
  if (plan !== 'subscriber') return;
  const now = Date.now();
  await db.insert(payments).values({
    userId,
    stripeCustomerId: `cus_test${userId.slice(0, 8)}`,
    stripeSubscriptionId: `sub_test${userId.replaceAll('-', '')}`,
    subscriptionLevel: 'premium',
    subscriptionPeriod: 'monthly',
    subscriptionStatus: 'active',
    amount: 999,
    currentPeriodStart: new Date(now - 24 * 60 * 60 * 1000),
    currentPeriodEnd: new Date(now + 29 * 24 * 60 * 60 * 1000),
  });
}

/**
 * Signs a new user up on a Premium plan ('subscriber' pays through Stripe, 'vip' is granted by an
 * admin: both are Premium to every check).
 */
export async function signUpPremiumUser(t: Pick<TestApp, 'app' | 'config' | 'database'>, plan: 'subscriber' | 'vip' | 'admin' = 'subscriber') {
  const signedUp = await signUpUser(t.app, t.config);
  await setPlan(t.database.db, signedUp.user.id, plan);
  return signedUp;
}

export function inject(app: FastifyInstance, options: InjectOptions & { cookie?: string }) {
  const { cookie, headers, ...rest } = options;
  return app.inject({ ...rest, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}
