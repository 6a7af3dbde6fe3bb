import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_FREE_RETENTION_DAYS } from '#contract/limits.ts';
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

/**
 * Which proxies may speak for the client in X-Forwarded-For: none (false), the N nearest hops
 * (a number), or named addresses and CIDR ranges (comma-separated, as Fastify's trustProxy takes).
 * `true` would trust whatever a client writes in the header, so it is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (/^(true|yes)$/i.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message: 'cannot be true (that trusts any X-Forwarded-For a client writes): give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)',
      });
    }
  })
  .transform((v): false | number | string[] => {
    if (/^(false|no|0)$/i.test(v)) return false;
    if (/^\d+$/.test(v)) return Number(v);
    return v.split(',').map((a) => a.trim()).filter(Boolean);
  })
  .refine((v) => v === false || typeof v === 'number' || v.every((a) => /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/.test(a)), {
    message: 'expected false, a number of proxies, or comma-separated proxy addresses or CIDR ranges',
  });

const positiveInt = z.coerce.number({ error: 'expected a whole number' }).int('expected a whole number').positive('expected a positive number');

export class ConfigError extends Error {}

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
  TRUST_PROXY: trustProxy.default(false),
  DATA_DIR: z.string().min(1).default('./data'),
  CLIENT_DIR: z.string().min(1).optional(),
  DATABASE_URL: urlString(/^postgres(ql)?:$/, 'a postgres:// URL').optional(),
  SMTP_URL: urlString(/^smtps?:$/, 'an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).optional(),
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  CONTACT_TO: z.email({ error: 'expected an e-mail address' }).optional(),
  ADMIN_EMAILS: emailList.default([]),
  SESSION_HOURS: positiveInt.default(24),
  SESSION_CACHE_MS: z.coerce.number({ error: 'expected a whole number of milliseconds' }).int().min(0).max(60_000, 'expected at most 60000').default(2000),
  RATE_LIMIT_AUTH_PER_MINUTE: positiveInt.default(10),
  RATE_LIMIT_SIGNUP_PER_HOUR: positiveInt.default(20),
  RATE_LIMIT_CONTACT_PER_HOUR: positiveInt.default(5),
  RATE_LIMIT_CHAT_PER_MINUTE: positiveInt.default(30),
  AI_PROVIDER: z.enum(['demo', 'openai', 'anthropic', 'openai-compatible'], { error: 'expected demo, openai, anthropic or openai-compatible' }).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_BASE_URL: urlString(/^https?:$/, 'an http(s) URL of an OpenAI-compatible server, such as http://127.0.0.1:11434/v1').optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_LOCAL_URL: urlString(/^https?:$/, 'an http(s) URL of an OpenAI-compatible server, such as http://127.0.0.1:11434/v1').default('http://127.0.0.1:11434/v1'),
  OPENAI_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  AI_STALL_TIMEOUT_MS: positiveInt.optional(),
  AI_MAX_RETRIES: z.coerce.number({ error: 'expected a whole number' }).int().min(0).max(10).default(2),
  AI_CONTEXT_TOKENS: positiveInt.default(12_000),
  AI_MAX_OUTPUT_TOKENS: positiveInt.default(1_500),
  ROUNDTABLE_TOKEN_BUDGET: positiveInt.default(60_000),
  ROUNDTABLE_MAX_PER_USER: positiveInt.max(1000, 'expected at most 1000').default(2),
  ROUNDTABLE_MAX_MODEL_CALLS: positiveInt.max(1000, 'expected at most 1000').default(16),
  AI_TOOLS: z.enum(['on', 'off'], { error: 'expected on or off' }).default('on'),
  SEARCH_PROVIDER: z.enum(['none', 'searxng', 'brave'], { error: 'expected none, searxng or brave' }).default('none'),
  SEARXNG_URL: urlString(/^https?:$/, 'an http(s) URL of a SearXNG instance, such as http://127.0.0.1:8888').optional(),
  BRAVE_SEARCH_API_KEY: z.string().min(1).optional(),
  BRAVE_SEARCH_URL: urlString(/^https:$/, 'an https URL').default('https://api.search.brave.com/res/v1/web/search'),
  WEB_FETCH_ALLOW_ADDRESSES: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean)),
  AI_DEMO_WORD_DELAY_MS: z.coerce.number({ error: 'expected a whole number' }).int().min(0).max(10_000).default(15),
  ALLOW_TEST_PREMIUM: booleanString.optional(),
  TEST_CLOCK: booleanString.default(false),
  REDIS_URL: urlString(/^rediss?:$/, 'a redis:// URL').optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_\w+$/, 'expected a Stripe secret key (sk_live_..., sk_test_... or a restricted rk_ key)').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_\w+$/, 'expected a Stripe publishable key (pk_live_... or pk_test_...)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\S+$/, 'expected a Stripe webhook signing secret (whsec_...)').optional(),
  STRIPE_PRICE_MONTHLY: z.string().regex(/^[\w.-]+$/, 'expected a Stripe price id (price_...) or lookup key').default('premium_monthly'),
  STRIPE_PRICE_YEARLY: z.string().regex(/^[\w.-]+$/, 'expected a Stripe price id (price_...) or lookup key').default('premium_yearly'),
  STRIPE_AUTOMATIC_TAX: booleanString.default(false),
  STRIPE_API_URL: urlString(/^https?:$/, 'an http(s) URL such as https://api.stripe.com').default('https://api.stripe.com'),
  STRIPE_JS_URL: urlString(/^https?:$/, 'an http(s) URL of Stripe.js').optional(),
  STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'expected local or s3' }).default('local'),
  UPLOAD_SIGNING_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: urlString(/^https?:$/, 'an http(s) URL of an S3-compatible server').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  FREE_RETENTION_DAYS: z.coerce.number({ error: 'expected a whole number of days' }).int('expected a whole number of days').min(0).max(3650).default(DEFAULT_FREE_RETENTION_DAYS),
  JOB_CONCURRENCY: positiveInt.max(16, 'expected at most 16').default(2),
  METRICS_TOKEN: z.string().min(16, 'expected at least 16 characters').optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number({ error: 'expected a whole number of milliseconds' }).int().min(0).max(600_000, 'expected at most 600000').default(30_000),
  // From bench/load-shed.ts (decision 055): windows past 500 ms came only where the first token had already degraded.
  LOAD_SHED_EVENT_LOOP_DELAY_MS: z.coerce.number({ error: 'expected a whole number of milliseconds' }).int().min(0).default(500),
  OTEL_EXPORTER_OTLP_ENDPOINT: urlString(/^https?:$/, 'an http(s) URL of an OTLP/HTTP receiver, such as http://otel-collector:4318').optional(),
  OTEL_EXPORTER_OTLP_HEADERS: z
    .string()
    .regex(/^\s*[^=,\s]+\s*=[^,]*(,\s*[^=,\s]+\s*=[^,]*)*$/, 'expected comma-separated key=value pairs, such as x-honeycomb-team=KEY')
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('corner-office'),
});

export type Env = z.infer<typeof envSchema>;

export type Config = ReturnType<typeof toConfig>;

const defaultModels = { openai: 'gpt-4o-mini', anthropic: 'claude-sonnet-4-5', 'openai-compatible': undefined, demo: 'demo' } as const;

/** A reply with no new token for this long fails; a local model loading into memory gets longer (decision 072). */
const STALL_TIMEOUT_MS = 30_000;
const LOCAL_STALL_TIMEOUT_MS = 120_000;

function aiConfig(env: Env) {
  // No provider chosen and no key: a local OpenAI-compatible server (Ollama's address, or AI_BASE_URL
  // without AI_MODEL) is looked for at start, and the offline demo answers when none does (decision 072).
  const noCloudKey = !env.AI_PROVIDER && !env.OPENAI_API_KEY && !env.ANTHROPIC_API_KEY;
  const localCandidate = noCloudKey && !(env.AI_BASE_URL && env.AI_MODEL) ? (env.AI_BASE_URL ?? env.AI_LOCAL_URL) : null;
  const provider =
    env.AI_PROVIDER ?? (env.OPENAI_API_KEY ? 'openai' : env.ANTHROPIC_API_KEY ? 'anthropic' : env.AI_BASE_URL && env.AI_MODEL ? 'openai-compatible' : 'demo');
  const model = env.AI_MODEL && provider !== 'demo' ? env.AI_MODEL : defaultModels[provider];
  if (provider === 'openai' && !env.OPENAI_API_KEY) throw new ConfigError('Invalid configuration: OPENAI_API_KEY is required when AI_PROVIDER=openai');
  if (provider === 'anthropic' && !env.ANTHROPIC_API_KEY)
    throw new ConfigError('Invalid configuration: ANTHROPIC_API_KEY is required when AI_PROVIDER=anthropic');
  if (provider === 'openai-compatible' && !env.AI_BASE_URL)
    throw new ConfigError('Invalid configuration: AI_BASE_URL is required when AI_PROVIDER=openai-compatible');
  if (!model) throw new ConfigError(`Invalid configuration: AI_MODEL is required when AI_PROVIDER=${provider}`);
  return {
    provider,
    model,
    baseUrl: env.AI_BASE_URL,
    apiKey: provider === 'openai' ? env.OPENAI_API_KEY : provider === 'anthropic' ? env.ANTHROPIC_API_KEY : env.AI_API_KEY,
    stallTimeoutMs: env.AI_STALL_TIMEOUT_MS ?? (provider === 'openai-compatible' ? LOCAL_STALL_TIMEOUT_MS : STALL_TIMEOUT_MS),
    /** Where a local model server is looked for at start (decision 072); null when a provider is configured. */
    localCandidate,
    /** Set at start: 'detected' when the local model server answered, 'demo' when nothing did. */
    source: (provider === 'demo' ? (localCandidate ? 'demo-fallback' : 'demo') : 'configured') as 'configured' | 'detected' | 'demo' | 'demo-fallback',
    /** Whether AI_STALL_TIMEOUT_MS was set (a detected local model otherwise gets the longer default). */
    stallTimeoutSet: env.AI_STALL_TIMEOUT_MS !== undefined,
    maxRetries: env.AI_MAX_RETRIES,
    contextTokens: env.AI_CONTEXT_TOKENS,
    maxOutputTokens: env.AI_MAX_OUTPUT_TOKENS,
    /** Pause between words of the built-in demo model, so its replies stream like a real one. */
    demoWordDelayMs: env.AI_DEMO_WORD_DELAY_MS,
    /** Whether replies may call tools (decision 070): off gives every provider the plain text path. */
    tools: env.AI_TOOLS === 'on',
    search: searchConfig(env),
  };
}

/** The optional `web_search` tool (decision 071): off unless a provider is configured. */
function searchConfig(env: Env) {
  const allowAddresses = env.WEB_FETCH_ALLOW_ADDRESSES;
  if (env.SEARCH_PROVIDER === 'searxng') {
    if (!env.SEARXNG_URL) throw new ConfigError('Invalid configuration: SEARXNG_URL is required when SEARCH_PROVIDER=searxng');
    return { provider: 'searxng' as const, url: env.SEARXNG_URL, allowAddresses };
  }
  if (env.SEARCH_PROVIDER === 'brave') {
    if (!env.BRAVE_SEARCH_API_KEY) throw new ConfigError('Invalid configuration: BRAVE_SEARCH_API_KEY is required when SEARCH_PROVIDER=brave');
    return { provider: 'brave' as const, apiKey: env.BRAVE_SEARCH_API_KEY, url: env.BRAVE_SEARCH_URL, allowAddresses };
  }
  return null;
}

/**
 * Card payments (features/billing): on when STRIPE_SECRET_KEY is set, which then needs the
 * publishable key and the webhook secret too; off by default, and the rest of the app works without.
 */
function billingConfig(env: Env) {
  const common = {
    /** Where the Stripe SDK sends API calls (tests point it at a local fake). */
    apiUrl: env.STRIPE_API_URL.replace(/\/+$/, ''),
    /** Where browsers load Stripe.js from; unset: Stripe's own address, chosen by @stripe/stripe-js. */
    jsUrl: env.STRIPE_JS_URL,
  };
  if (!env.STRIPE_SECRET_KEY) {
    for (const name of ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (env[name]) throw new ConfigError(`Invalid configuration: STRIPE_SECRET_KEY is required when ${name} is set`);
    }
    return { enabled: false, ...common } as const;
  }
  for (const name of ['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (!env[name]) throw new ConfigError(`Invalid configuration: ${name} is required when STRIPE_SECRET_KEY is set`);
  }
  return {
    enabled: true,
    ...common,
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    /** Price id (price_...) or lookup key of each plan: prices never come from the browser. */
    prices: { monthly: env.STRIPE_PRICE_MONTHLY, yearly: env.STRIPE_PRICE_YEARLY },
    /** Stripe Tax computes tax from the billing address; off: no tax is added. */
    automaticTax: env.STRIPE_AUTOMATIC_TAX,
  } as const;
}

/**
 * Object storage (src/server/storage): local disk under DATA_DIR/uploads by default; S3 or any
 * S3-compatible server when STORAGE_DRIVER=s3 (then S3_BUCKET is required).
 */
function storageConfig(env: Env) {
  if (env.STORAGE_DRIVER === 'local') {
    return {
      driver: 'local',
      dir: path.join(env.DATA_DIR, 'uploads'),
      /** Signs the local upload URLs; unset: a random secret per process (one instance only). */
      signingSecret: env.UPLOAD_SIGNING_SECRET,
    } as const;
  }
  if (!env.S3_BUCKET) throw new ConfigError('Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER=s3');
  return {
    driver: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  } as const;
}

/**
 * Traces (src/server/telemetry): exported over OTLP/HTTP when an endpoint is set; unset, nothing of
 * OpenTelemetry is even loaded. The variables keep OpenTelemetry's standard names.
 */
function tracingConfig(env: Env) {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const headers = Object.fromEntries(
    (env.OTEL_EXPORTER_OTLP_HEADERS ?? '')
      .split(',')
      .filter((pair) => pair.includes('='))
      .map((pair) => [pair.slice(0, pair.indexOf('=')).trim(), decodeURIComponent(pair.slice(pair.indexOf('=') + 1).trim())]),
  );
  return { tracesUrl: `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`, headers, serviceName: env.OTEL_SERVICE_NAME } as const;
}

function toConfig(env: Env) {
  const isProduction = env.NODE_ENV === 'production';
  const ai = aiConfig(env);
  if (isProduction && env.ALLOW_TEST_PREMIUM === true) {
    throw new ConfigError('Invalid configuration: ALLOW_TEST_PREMIUM cannot be true in production (any visitor could grant themselves Premium)');
  }
  if (env.TEST_CLOCK && env.NODE_ENV !== 'test') {
    throw new ConfigError('Invalid configuration: TEST_CLOCK is honoured only when NODE_ENV=test (it lets the test harness move an account\'s "today")');
  }
  if (isProduction && !env.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration: PUBLIC_URL is required in production (e-mail links are built from it, never from a request header), e.g. PUBLIC_URL=https://cornerofficeai.com',
    );
  }
  // Links in e-mails and canonical URLs come only from here: in development, the server's own address.
  const publicUrl = env.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${env.PORT}`;
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    /** Origin the site is served from: the only origin links in e-mails and canonical URLs are built from. */
    publicUrl,
    appName: env.APP_NAME,
    companyName: env.COMPANY_NAME,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    dataDir: env.DATA_DIR,
    /** The built web app to serve; unset: dist/client of this checkout. */
    clientDir: env.CLIENT_DIR ? path.resolve(env.CLIENT_DIR) : undefined,
    database: env.DATABASE_URL ? ({ kind: 'postgres', url: env.DATABASE_URL } as const) : ({ kind: 'pglite', dir: `${env.DATA_DIR}/db` } as const),
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `${env.APP_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
      contactTo: env.CONTACT_TO,
      /** No SMTP_URL: every message is written here whole, as .eml and .json (decision 056). */
      outboxDir: env.MAIL_OUTBOX_DIR ?? path.join(env.DATA_DIR, 'mail'),
      /** The development mailbox (/dev/mail and /api/dev/mail): only with no SMTP_URL, and never in production. */
      devMailbox: !env.SMTP_URL && !isProduction,
      /** Where the log sends a person to read a message written to the outbox; unset when there is no mailbox page. */
      mailboxUrl: !env.SMTP_URL && !isProduction ? `${publicUrl}/dev/mail` : undefined,
    },
    adminEmails: env.ADMIN_EMAILS,
    session: {
      /** Lifetime the server gives a session when 'Stay signed in' is off (the cookie itself dies with the browser). */
      shortHours: env.SESSION_HOURS,
      /** How long an instance may reuse a session lookup (0 turns the cache off). */
      cacheMs: env.SESSION_CACHE_MS,
      cookieName: isProduction ? '__Host-session' : 'session',
      secureCookie: isProduction,
    },
    ai,
    /** Honour the browser's testPremium flag: on by default in development and demo mode, never in production. */
    allowTestPremium: env.ALLOW_TEST_PREMIUM ?? (!isProduction && (env.NODE_ENV === 'development' || ai.provider === 'demo')),
    /** Tests only (NODE_ENV=test): the app's "today" can be set per account by the test harness (src/server/clock.ts). */
    testClock: env.TEST_CLOCK && env.NODE_ENV === 'test',
    redisUrl: env.REDIS_URL,
    /** OpenTelemetry traces; undefined: off. */
    tracing: tracingConfig(env),
    /** Roundtables (decision 026): tokens a table may spend, tables running per account, model calls in flight per process. */
    roundtable: { tokenBudget: env.ROUNDTABLE_TOKEN_BUDGET, maxPerUser: env.ROUNDTABLE_MAX_PER_USER, maxModelCalls: env.ROUNDTABLE_MAX_MODEL_CALLS },
    billing: billingConfig(env),
    storage: storageConfig(env),
    retention: {
      /** Free accounts' conversations untouched this many days are deleted by the daily job; 0 keeps them (decision 025). */
      freeDays: env.FREE_RETENTION_DAYS,
    },
    /** Background jobs (document analysis) each instance runs at once. */
    jobConcurrency: env.JOB_CONCURRENCY,
    operations: {
      /** Bearer token of GET /metrics; unset: metrics are served in development only (never unprotected in production). */
      metricsToken: env.METRICS_TOKEN,
      metricsEnabled: Boolean(env.METRICS_TOKEN) || !isProduction,
      /** On SIGTERM: how long running replies may take to finish before they are ended as interrupted. */
      shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
      /** Requests are refused (503, Retry-After) while the event loop lags more than this; 0 turns it off. */
      loadShedEventLoopDelayMs: env.LOAD_SHED_EVENT_LOOP_DELAY_MS,
    },
    rateLimits: {
      authPerMinute: env.RATE_LIMIT_AUTH_PER_MINUTE,
      signupPerHour: env.RATE_LIMIT_SIGNUP_PER_HOUR,
      contactPerHour: env.RATE_LIMIT_CONTACT_PER_HOUR,
      /** Messages sent (and replies retried) per account per minute, whatever the plan. */
      chatPerMinute: env.RATE_LIMIT_CHAT_PER_MINUTE,
    },
  };
}

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
