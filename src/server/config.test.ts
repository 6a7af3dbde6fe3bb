import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
    [{ TRUST_PROXY: 'maybe' }, /^Invalid configuration: TRUST_PROXY expected true or false$/],
    [{ AI_PROVIDER: 'openai' }, /^Invalid configuration: OPENAI_API_KEY is required when AI_PROVIDER=openai$/],
    [{ NODE_ENV: 'production', ALLOW_TEST_PREMIUM: 'true' }, /^Invalid configuration: ALLOW_TEST_PREMIUM cannot be true in production/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    const text = failure(env);
    expect(text).toMatch(message);
    expect(text.split('\n')).toHaveLength(1);
  });

  it('production uses a Secure __Host- cookie and never honours testPremium by default', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.session.cookieName).toBe('__Host-session');
    expect(config.session.secureCookie).toBe(true);
    expect(config.allowTestPremium).toBe(false);
  });

  it('stops the real server at start-up with exit code 1 and the one line', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT expected a port number');
  });
});
