import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '#server/app.ts';
import { configFrom, type Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { payments, users } from '#server/db/schema.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * buildApp on a fresh database with test configuration; `vars` are environment variables to set.
 * With `database`, the app runs on that one instead (a "restart" on the same data) and close() leaves it open.
 */
export async function createTestApp(vars: Record<string, string> = {}, options: { clientDir?: string; database?: Database } = {}): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const config = configFrom({ RATE_LIMIT_SIGNUP_PER_HOUR: '1000', RATE_LIMIT_AUTH_PER_MINUTE: '1000', RATE_LIMIT_CHAT_PER_MINUTE: '1000', AI_DEMO_WORD_DELAY_MS: '0', ...vars });
  const app = await buildApp({ config, database, logger: false, clientDir: options.clientDir ?? '/nonexistent-client-dir' });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (!options.database) await database.close();
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
 * Signs a new user up on a Premium plan ('subscriber' pays through Stripe, 'vip' is granted by an
 * admin: both are Premium to every check). Plans change only through billing or the admin, so the row is set directly.
 */
export async function signUpPremiumUser(t: Pick<TestApp, 'app' | 'config' | 'database'>, plan: 'subscriber' | 'vip' = 'subscriber') {
  const signedUp = await signUpUser(t.app, t.config);
  await t.database.db.update(users).set({ appUserType: plan }).where(eq(users.id, signedUp.user.id));
  if (plan === 'subscriber') {
    // A subscriber is Premium through a paid subscription (features/billing): one that renews in a month.
    const now = Date.now();
    await t.database.db.insert(payments).values({
      userId: signedUp.user.id,
      stripeCustomerId: `cus_test${signedUp.user.id.slice(0, 8)}`,
      stripeSubscriptionId: `sub_test${signedUp.user.id.replaceAll('-', '')}`,
      subscriptionLevel: 'premium',
      subscriptionPeriod: 'monthly',
      subscriptionStatus: 'active',
      amount: 999,
      currentPeriodStart: new Date(now - 24 * 60 * 60 * 1000),
      currentPeriodEnd: new Date(now + 29 * 24 * 60 * 60 * 1000),
    });
  }
  return signedUp;
}

export function inject(app: FastifyInstance, options: InjectOptions & { cookie?: string }) {
  const { cookie, headers, ...rest } = options;
  return app.inject({ ...rest, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}
