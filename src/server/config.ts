import { z } from 'zod';
import { DEFAULT_APP_NAME, DEFAULT_COMPANY_NAME } from '#contract/product.ts';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const emailList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'expected a comma-separated list of e-mail addresses' })));

const urlString = (protocols: RegExp, what: string) =>
  z.string().refine((v) => {
    try {
      return protocols.test(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `expected ${what}`);

const positiveInt = z.coerce.number({ error: 'expected a whole number' }).int('expected a whole number').positive('expected a positive number');

/**
 * Every setting the server reads, with its default. The only place that reads process.env:
 * a wrong value stops start-up with one line naming the variable.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'expected development, production or test' }).default('development'),
  PORT: z.coerce.number({ error: 'expected a port number' }).int().min(0).max(65535, 'expected a port number (0-65535)').default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: urlString(/^https?:$/, 'an http(s) URL such as https://cornerofficeai.com').optional(),
  APP_NAME: z.string().min(1).default(DEFAULT_APP_NAME),
  COMPANY_NAME: z.string().min(1).default(DEFAULT_COMPANY_NAME),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanString.default(false),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlString(/^postgres(ql)?:$/, 'a postgres:// URL').optional(),
  SMTP_URL: urlString(/^smtps?:$/, 'an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).optional(),
  CONTACT_TO: z.email({ error: 'expected an e-mail address' }).optional(),
  ADMIN_EMAILS: emailList.default([]),
  SESSION_HOURS: positiveInt.default(24),
  RATE_LIMIT_AUTH_PER_MINUTE: positiveInt.default(10),
  RATE_LIMIT_SIGNUP_PER_HOUR: positiveInt.default(20),
  RATE_LIMIT_CONTACT_PER_HOUR: positiveInt.default(5),
});

export type Env = z.infer<typeof envSchema>;

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: Env) {
  const isProduction = env.NODE_ENV === 'production';
  const publicUrl = env.PUBLIC_URL?.replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    /** Origin the site is served from; when unset, links are built from the request's host. */
    publicUrl,
    appName: env.APP_NAME,
    companyName: env.COMPANY_NAME,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    dataDir: env.DATA_DIR,
    database: env.DATABASE_URL ? ({ kind: 'postgres', url: env.DATABASE_URL } as const) : ({ kind: 'pglite', dir: `${env.DATA_DIR}/db` } as const),
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `${env.APP_NAME} <no-reply@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}>`,
      contactTo: env.CONTACT_TO,
    },
    adminEmails: env.ADMIN_EMAILS,
    session: {
      /** Lifetime the server gives a session when 'Stay signed in' is off (the cookie itself dies with the browser). */
      shortHours: env.SESSION_HOURS,
      cookieName: isProduction ? '__Host-session' : 'session',
      secureCookie: isProduction,
    },
    rateLimits: {
      authPerMinute: env.RATE_LIMIT_AUTH_PER_MINUTE,
      signupPerHour: env.RATE_LIMIT_SIGNUP_PER_HOUR,
      contactPerHour: env.RATE_LIMIT_CONTACT_PER_HOUR,
    },
  };
}

export class ConfigError extends Error {}

/** Parses an environment (process.env by default); throws ConfigError with one line per bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty value means "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(first.path[0])} ${first.message}`);
  }
  return toConfig(parsed.data);
}

/** A config for tests and tools: defaults plus the given variables, never process.env. */
export function configFrom(vars: Record<string, string | undefined>, overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...vars }), ...overrides };
}
