import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig } from './config.ts';

const failure = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('works with nothing set: PGlite in ./data, port 3000, e-mails to the log, demo AI', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dir: './data/db' });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.ai.provider).toBe('demo');
    expect(config.appName).toBe('Corner Office');
    expect(config.session.cookieName).toBe('session');
  });

  it('uses PostgreSQL when DATABASE_URL is set and parses ADMIN_EMAILS case-insensitively', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/app', ADMIN_EMAILS: ' Boss@Example.com ,ops@example.com' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/app' });
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT expected a port number/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL expected a postgres:\/\/ URL$/],
    [{ SMTP_URL: 'http://mail' }, /^Invalid configuration: SMTP_URL expected an smtp:\/\/ or smtps:\/\/ URL$/],
    [{ ADMIN_EMAILS: 'not-an-email' }, /^Invalid configuration: ADMIN_EMAILS expected a comma-separated list/],
    [{ NODE_ENV: 'staging' }, /^Invalid configuration: NODE_ENV expected development, production or test$/],
    [{ TRUST_PROXY: 'maybe' }, /^Invalid configuration: TRUST_PROXY expected false, a number of proxies, or comma-separated proxy addresses/],
    [{ TRUST_PROXY: 'true' }, /^Invalid configuration: TRUST_PROXY cannot be true \(that trusts any X-Forwarded-For a client writes\)/],
    [{ NODE_ENV: 'production' }, /^Invalid configuration: PUBLIC_URL is required in production \(e-mail links are built from it, never from a request header\)/],
    [{ AI_PROVIDER: 'openai' }, /^Invalid configuration: OPENAI_API_KEY is required when AI_PROVIDER=openai$/],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'https://a.example', ALLOW_TEST_PREMIUM: 'true' }, /^Invalid configuration: ALLOW_TEST_PREMIUM cannot be true in production/],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, /^Invalid configuration: STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set$/],
    [{ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, /^Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set$/],
    [{ STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }, /^Invalid configuration: STRIPE_SECRET_KEY is required when STRIPE_PUBLISHABLE_KEY is set$/],
    [{ STRIPE_SECRET_KEY: 'pk_test_1' }, /^Invalid configuration: STRIPE_SECRET_KEY expected a Stripe secret key/],
    [{ STRIPE_API_URL: 'ftp://x' }, /^Invalid configuration: STRIPE_API_URL expected an http\(s\) URL/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    const text = failure(env);
    expect(text).toMatch(message);
    expect(text.split('\n')).toHaveLength(1);
  });

  it('offers passage embeddings (decision 085) where the provider has them: OpenAI by default, a compatible server when named, never Anthropic or the demo', () => {
    expect(loadConfig({ OPENAI_API_KEY: 'sk-a' }).ai.embeddings).toEqual({ model: 'text-embedding-3-small', dimensions: undefined });
    expect(loadConfig({ OPENAI_API_KEY: 'sk-a', AI_EMBEDDING_MODEL: 'text-embedding-3-large', AI_EMBEDDING_DIMENSIONS: '1536' }).ai.embeddings).toEqual({ model: 'text-embedding-3-large', dimensions: 1536 });
    expect(loadConfig({ OPENAI_API_KEY: 'sk-a', AI_EMBEDDING_MODEL: 'off' }).ai.embeddings).toBeNull();
    expect(loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3.1' }).ai.embeddings).toBeNull();
    expect(loadConfig({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3.1', AI_EMBEDDING_MODEL: 'nomic-embed-text' }).ai.embeddings).toEqual({ model: 'nomic-embed-text', dimensions: undefined });
    expect(loadConfig({ ANTHROPIC_API_KEY: 'sk-ant', AI_EMBEDDING_MODEL: 'x' }).ai.embeddings).toBeNull();
    expect(() => loadConfig({ AI_EMBEDDING_DIMENSIONS: '0' })).toThrow(/AI_EMBEDDING_DIMENSIONS/);
  });

  it('takes no payments by default; with the three Stripe keys it does, with lookup-key prices and no tax unless asked', () => {
    expect(loadConfig({}).billing).toEqual({ enabled: false, apiUrl: 'https://api.stripe.com', jsUrl: undefined });
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_live_a', STRIPE_PUBLISHABLE_KEY: 'pk_live_b', STRIPE_WEBHOOK_SECRET: 'whsec_c', STRIPE_PRICE_YEARLY: 'price_123' });
    expect(config.billing).toEqual({
      enabled: true,
      apiUrl: 'https://api.stripe.com',
      jsUrl: undefined,
      secretKey: 'sk_live_a',
      publishableKey: 'pk_live_b',
      webhookSecret: 'whsec_c',
      prices: { monthly: 'premium_monthly', yearly: 'price_123' },
      automaticTax: false,
    });
  });

  it('takes links only from PUBLIC_URL, or the server own address in development', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://a.example/' }).publicUrl).toBe('https://a.example');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('parses TRUST_PROXY into off, a hop count or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback']);
  });

  it('.env.example and the README list exactly the variables config.ts reads', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const inExample = [...example.matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]).sort();
    const names = Object.keys(envSchema.shape).sort();
    expect(inExample).toEqual(names);
    for (const name of names) expect(readme, name).toContain(`\`${name}\``);
  });

  it('production uses a Secure __Host- cookie and never honours testPremium by default', () => {
    const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://a.example' });
    expect(config.session.cookieName).toBe('__Host-session');
    expect(config.session.secureCookie).toBe(true);
    expect(config.allowTestPremium).toBe(false);
  });

  // A whole server process starting cold (tsx, every import) takes seconds on a busy 2-core machine:
  // the test gets the same budget as the process, not Vitest's default 5 s.
  const startUpBudgetMs = 30_000;
  it('stops the real server at start-up with exit code 1 and the one line', { timeout: startUpBudgetMs }, () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: startUpBudgetMs,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT expected a port number');
  });
});
