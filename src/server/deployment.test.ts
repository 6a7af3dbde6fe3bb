import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema } from './config.ts';

const root = new URL('../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  deploy?: { replicas?: number };
  env_file?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  restart?: string;
  stop_grace_period?: string;
}
const compose = parse(read('compose.yaml')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const services = compose.services;

describe('compose.yaml', () => {
  it('runs the app twice beside PostgreSQL, Redis and an S3-compatible store, behind a proxy', () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'minio', 'minio-bucket', 'postgres', 'proxy', 'redis']);
    expect(services.app!.deploy?.replicas).toBe(2);
    expect(services.app!.build).toBe('.');
  });

  it('gives every long-running service a health check, and the app starts only once its dependencies are healthy', () => {
    for (const [name, service] of Object.entries(services)) expect(service.healthcheck?.test.length, name).toBeGreaterThan(1);
    expect(services.app!.healthcheck!.test.join(' ')).toContain('/api/health/ready');
    expect(services.app!.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'minio-bucket': { condition: 'service_completed_successfully' },
    });
    expect(services['minio-bucket']!.restart).toBe('no');
  });

  it('keeps every piece of state in a named volume', () => {
    const named = (service: string) => (services[service]!.volumes ?? []).map((volume) => volume.split(':')[0]!);
    expect(named('postgres')).toEqual(['postgres-data']);
    expect(named('redis')).toEqual(['redis-data']);
    expect(named('minio')).toEqual(['minio-data']);
    expect(named('app')).toEqual(['app-data']);
    for (const name of Object.keys(services)) for (const volume of named(name)) expect(Object.keys(compose.volumes)).toContain(volume);
  });

  it('configures the app through variables the server reads, with secrets only from .env', () => {
    const app = services.app!;
    expect(app.env_file).toBe('.env');
    for (const name of Object.keys(app.environment!)) expect(Object.keys(envSchema.shape), name).toContain(name);
    expect(app.environment).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY: '1', REDIS_URL: 'redis://redis:6379', STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://minio:9000' });
    // A secret is never written in the file: it is interpolated from .env, and required there.
    expect(app.environment!.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
    expect(app.environment!.S3_SECRET_ACCESS_KEY).toMatch(/^\$\{S3_SECRET_ACCESS_KEY:\?/);
    expect(services.postgres!.environment!.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    // Longer than the server's own drain (SHUTDOWN_GRACE_MS, 30 s), so running replies finish.
    expect(app.stop_grace_period).toBe('45s');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('builds in stages and runs, as a user that is not root, node itself on the server with a health check on readiness and the data directory a volume', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(3);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n.*\/api\/health\/ready/m);
    // Without Wasm code GC (decision 089: a V8 13.6 crash with Wasm on several threads).
    expect(runtime).toMatch(/^CMD \["node", "--no-wasm-code-gc", "--import", "tsx", "src\/server\/server.ts"\]$/m);
    // No secret is baked into the image: its ENV sets only where things are.
    const env = runtime.slice(runtime.indexOf('ENV '), runtime.indexOf('WORKDIR'));
    expect(env).not.toMatch(/SECRET|TOKEN|PASSWORD|KEY|DATABASE_URL/);
    expect(read('.dockerignore')).toMatch(/^\.env$/m);
  });
});
