/**
 * The environment the server reads (its variables, their checks and defaults): config.ts turns it
 * into the typed Config every module receives. Kept apart so the list of variables reads as one
 * table (README's configuration table and .env.example are checked against it by config-docs.test.ts).
 */
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
  /** Unset: a budget by provider and model (ai/context-budget.ts, decision 083). */
  AI_CONTEXT_TOKENS: positiveInt.optional(),
  AI_MAX_OUTPUT_TOKENS: positiveInt.default(1_500),
  ROUNDTABLE_TOKEN_BUDGET: positiveInt.default(60_000),
  ROUNDTABLE_MAX_PER_USER: positiveInt.max(1000, 'expected at most 1000').default(2),
  ROUNDTABLE_MAX_MODEL_CALLS: positiveInt.max(1000, 'expected at most 1000').default(16),
  AI_EMBEDDING_MODEL: z.string().min(1).optional(),
  AI_EMBEDDING_DIMENSIONS: positiveInt.max(16_000, 'expected at most 16000').optional(),
  AI_TOOLS: z.enum(['on', 'off'], { error: 'expected on or off' }).default('on'),
  TOOL_CALLS_PER_DAY: z.coerce.number({ error: 'expected a whole number' }).int().min(0).max(100_000).default(200),
  TOOL_CALLS_PER_DAY_FREE: z.coerce.number({ error: 'expected a whole number' }).int().min(0).max(100_000).default(30),
  WEB_SEARCHES_PER_DAY: z.coerce.number({ error: 'expected a whole number' }).int().min(0).max(100_000).default(50),
  WEB_SEARCHES_PER_DAY_FREE: z.coerce.number({ error: 'expected a whole number' }).int().min(0).max(100_000).default(10),
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
  MEMORY_STALE_MONTHS: z.coerce.number({ error: 'expected a whole number of months' }).int('expected a whole number of months').min(1, 'expected at least 1').max(120, 'expected at most 120').default(12),
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

