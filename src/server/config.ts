import path from 'node:path';
import { contextBudgetFor } from './ai/context-budget.ts';
import { ConfigError, envSchema, type Env } from './config-env.ts';

export { ConfigError, envSchema, type Env } from './config-env.ts';

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
    /** The prompt's token budget: AI_CONTEXT_TOKENS, else by provider and model (decision 083); a detected local model gets its own at start. */
    contextTokens: contextBudgetFor(provider, model, env.AI_CONTEXT_TOKENS),
    /** Whether AI_CONTEXT_TOKENS was set (a detected local model otherwise gets the local budget). */
    contextTokensSet: env.AI_CONTEXT_TOKENS !== undefined,
    maxOutputTokens: env.AI_MAX_OUTPUT_TOKENS,
    /** Pause between words of the built-in demo model, so its replies stream like a real one. */
    demoWordDelayMs: env.AI_DEMO_WORD_DELAY_MS,
    /** Whether replies may call tools (decision 070): off gives every provider the plain text path. */
    tools: env.AI_TOOLS === 'on',
    /** Tool calls per account and UTC day (decision 084), by plan: every call, and web searches apart. */
    toolLimits: {
      premium: { callsPerDay: env.TOOL_CALLS_PER_DAY, searchesPerDay: env.WEB_SEARCHES_PER_DAY },
      free: { callsPerDay: env.TOOL_CALLS_PER_DAY_FREE, searchesPerDay: env.WEB_SEARCHES_PER_DAY_FREE },
    },
    search: searchConfig(env),
    embeddings: embeddingsConfig(env, provider),
  };
}

/**
 * Passage embeddings for read_document's vector similarity (decision 085): OpenAI's
 * text-embedding-3-small when OpenAI is the provider, the model AI_EMBEDDING_MODEL names on an
 * OpenAI-compatible server (configured or found at start); none on Anthropic (no embeddings API) or the demo, or with
 * AI_EMBEDDING_MODEL=off. `dimensions` is sent only when set (a local model keeps its own).
 */
function embeddingsConfig(env: Env, provider: 'demo' | 'openai' | 'anthropic' | 'openai-compatible') {
  const named = env.AI_EMBEDDING_MODEL === 'off' ? null : env.AI_EMBEDDING_MODEL;
  // Kept for the demo too: a local server found at start (decision 072) turns it into openai-compatible;
  // the embedder is made only for a provider that has embeddings (ai/embeddings.ts).
  const model = env.AI_EMBEDDING_MODEL === 'off' ? null : provider === 'openai' ? (named ?? 'text-embedding-3-small') : provider === 'anthropic' ? null : (named ?? null);
  return model ? { model, dimensions: env.AI_EMBEDDING_DIMENSIONS } : null;
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
    /** Company memory (decision 073): facts and profile fields older than this many months are flagged "needs review" in prompts and on the page. */
    memory: { staleMonths: env.MEMORY_STALE_MONTHS },
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
