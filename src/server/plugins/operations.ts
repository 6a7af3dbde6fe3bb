import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, type Registry } from '@prometheus-io/client';
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import metricsPlugin from 'fastify-metrics';
import { sql } from 'drizzle-orm';
import { errorCatalog } from '#contract/errors.ts';
import type { Config } from '../config.ts';
import { RETRY_AFTER_SECONDS } from '../errors.ts';
import type { Database } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { RouteDurationHistogram } from './route-durations.ts';

/** A key of the right shape that is never stored: reading its size proves the storage answers. */
const STORAGE_PROBE_KEY = 'health/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000000';
const healthRoutes = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/metrics']);

declare module 'fastify' {
  interface FastifyInstance {
    /** Operations (plugins/operations.ts): refuse new work while shutting down. */
    operations: { draining: boolean; startDraining(): void };
  }
}

export interface OperationsDeps {
  config: Config;
  database: Database;
  storage: ObjectStorage;
  jobs: JobQueue;
  /** Redis, when several instances share it: readiness checks it too. */
  redis?: { ping(): Promise<void> };
}

/** A draining instance's answer; the connection is closed, so a client's next request reaches another instance. */
function refuseWhileDraining(reply: FastifyReply): FastifyReply {
  const code = 'unavailable:shutting_down';
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store')
    .header('connection', 'close')
    .send({ error: errorCatalog[code].message, code });
}

/** Compares the Authorization header with the metrics token in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The reply engine's observer (its ReplyObserver) for the metrics: outcomes and tokens, on the app's
 * registry. app.ts hands it to the engine (plugins import no feature).
 */
export function createReplyMetrics(registry: Registry): {
  replyFinished(status: 'complete' | 'stopped' | 'failed', usage: { inputTokens?: number; outputTokens?: number } | undefined): void;
  streamFollowed(source: 'hub' | 'database'): void;
} {
  const outcomes = new Counter({ name: 'corner_office_replies_total', help: 'Replies ended, by outcome', labelNames: ['status'] as const, registers: [registry] });
  const tokens = new Counter({ name: 'corner_office_tokens_total', help: 'Model tokens of complete replies', labelNames: ['kind'] as const, registers: [registry] });
  const followed = new Counter({
    name: 'corner_office_reply_streams_followed_total',
    help: 'Readers of a reply being written, by where they read it: the event hub (live) or the database (polled, when no hub reaches the writing instance)',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  return {
    streamFollowed(source) {
      followed.inc({ source });
    },
    replyFinished(status, usage) {
      outcomes.inc({ status });
      if (usage?.inputTokens) tokens.inc({ kind: 'input' }, usage.inputTokens);
      if (usage?.outputTokens) tokens.inc({ kind: 'output' }, usage.outputTokens);
    },
  };
}

/**
 * The refusals that come before any other work of a request, the session lookup included (app.ts registers
 * them first, so a refused request costs no database statement):
 * - While draining (a SIGTERM, start-server.ts, or any close), new requests get 503 with Retry-After,
 *   readiness fails so the load balancer stops sending, and what is running finishes.
 * - While the event loop lags past LOAD_SHED_EVENT_LOOP_DELAY_MS, API requests other than health and
 *   metrics get 503 with Retry-After (@fastify/under-pressure) instead of queueing without end.
 */
export async function registerLoadGuards(app: FastifyInstance, ops: Config['operations']): Promise<void> {
  const state = {
    draining: false,
    startDraining() {
      state.draining = true;
    },
  };
  app.decorate('operations', state);
  // A close without a drain first (SIGINT, tests) refuses new requests the same way: Fastify's own answer
  // while closing (return503OnClosing, off in app.ts) has neither our shape nor Retry-After.
  app.addHook('preClose', async () => state.startDraining());

  app.addHook('onRequest', async (request, reply) => {
    if (state.draining && !healthRoutes.has(request.routeOptions.url ?? '')) return refuseWhileDraining(reply);
  });

  if (ops.loadShedEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: ops.loadShedEventLoopDelayMs,
      sampleInterval: 250,
      retryAfter: RETRY_AFTER_SECONDS,
      exposeStatusRoute: false,
      // Returning a body makes the plugin send it (nothing returned: the request goes on); its types say void.
      pressureHandler: ((request: FastifyRequest, reply: FastifyReply) => {
        // Only the API is shed: the app shell and its files are cheap to send, and a JSON error in place of
        // a page is worse than a slow page. Health and metrics always answer.
        if (!request.url.startsWith('/api/') || healthRoutes.has(request.routeOptions.url ?? '')) return undefined;
        request.log.warn({ url: request.url }, 'load shed: the event loop is overloaded');
        reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
        return { error: errorCatalog['unavailable:overloaded'].message, code: 'unavailable:overloaded' };
      }) as unknown as FastifyUnderPressureOptions['pressureHandler'],
    });
  }
}

/**
 * Health and metrics (docs/production.md), after registerLoadGuards:
 * - GET /api/health/live: the process answers. GET /api/health/ready: the database and the storage
 *   answer and the instance is not shutting down (503 with each check's state and Retry-After otherwise).
 * - GET /metrics (Prometheus, fastify-metrics): request rates and latencies per route, open reply
 *   streams, replies being written, reply outcomes, tokens, jobs waiting. Behind METRICS_TOKEN;
 *   without one, served in development only.
 */
export async function registerOperations(app: FastifyInstance, deps: OperationsDeps, registry: Registry): Promise<void> {
  const { config, database, storage, jobs } = deps;
  const ops = config.operations;
  const state = app.operations;
  const publicRoute = { access: 'public' as const };

  app.get('/api/health', { schema: { hide: true }, config: publicRoute }, async () => ({ ok: true }));
  app.get('/api/health/live', { schema: { hide: true }, config: publicRoute }, async () => ({ status: 'ok' }));
  app.get('/api/health/ready', { schema: { hide: true }, config: publicRoute }, async (_request, reply) => {
    const check = async (run: () => Promise<unknown>) => {
      try {
        await run();
        return 'ok' as const;
      } catch (err) {
        app.log.warn({ err }, 'readiness check failed');
        return 'failing' as const;
      }
    };
    const [db, files, redis] = await Promise.all([
      check(() => database.db.execute(sql`select 1`)),
      check(() => storage.size(STORAGE_PROBE_KEY)),
      deps.redis ? check(() => deps.redis!.ping()) : undefined,
    ]);
    const checks = { database: db, storage: files, ...(redis ? { redis } : {}), accepting: state.draining ? ('draining' as const) : ('ok' as const) };
    const ready = Object.values(checks).every((value) => value === 'ok');
    if (!ready) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.status(ready ? 200 : 503).header('cache-control', 'no-store').send({ status: ready ? 'ready' : 'not_ready', checks });
  });

  // What the app itself knows, read when Prometheus scrapes.
  new Gauge({ name: 'corner_office_reply_streams_open', help: 'Server-Sent Events streams open on this instance', registers: [registry], collect() { this.set(app.eventStreams.size); } });
  new Gauge({ name: 'corner_office_replies_active', help: 'Replies being written on this instance', registers: [registry], collect() { this.set(app.replies.activeCount); } });
  new Gauge({
    name: 'corner_office_jobs_waiting',
    help: 'Background jobs not finished yet (all instances)',
    registers: [registry],
    async collect() {
      this.set(await jobs.unfinished());
    },
  });

  if (!ops.metricsEnabled) return;
  registerRouteMetrics(app, registry);
  await app.register(metricsPlugin, {
    defaultMetrics: { enabled: true, register: registry },
    // Per-route durations are ours (registerRouteMetrics): the plugin's cost a quarter of a light route's throughput.
    routeMetrics: { enabled: false },
    endpoint: {
      url: '/metrics',
      method: 'GET',
      logLevel: 'warn',
      schema: { hide: true },
      handler: () => undefined,
      onRequest: async (request, reply) => {
        if (ops.metricsToken && !bearerMatches(request.headers.authorization, ops.metricsToken)) {
          return reply.status(401).header('www-authenticate', 'Bearer').send({ error: errorCatalog['unauthorized:auth'].message, code: 'unauthorized:auth' });
        }
      },
    },
  });
}

/** Methods whose requests are not timed (as fastify-metrics left them out). */
const untimedMethods = new Set(['HEAD', 'OPTIONS', 'TRACE', 'CONNECT']);

/**
 * `http_request_duration_seconds{method, route, status_code}`, the histogram fastify-metrics kept, with
 * the same name, labels and buckets. Every route gets its own onResponse hook and its own recorder,
 * which knows its route: per request it only reads Fastify's own `elapsedTime` and bumps the counts of
 * its (method, status) series (route-durations.ts; prom-client's labelled `observe` cost `GET
 * /api/auth/me` about an eighth of its CPU, decision 049). fastify-metrics' version (a timer in a
 * WeakMap at onRequest, the `routeOptions` getter and a labels object hashed at onResponse) took
 * `GET /api/auth/me` from 26,110 to 19,002 requests a second (`npm run bench`, issue 18; decision 045).
 * Routes only, as there: a request no route matched is not timed (its URL would be a label value anyone
 * could multiply), and neither is a route registered before this runs (the health checks).
 */
function registerRouteMetrics(app: FastifyInstance, registry: Registry): void {
  const histogram = new RouteDurationHistogram([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]).register(registry);
  // Each route gets its own hook, which knows its route: nothing to look up per request.
  app.addHook('onRoute', (route) => {
    if (route.url === '/metrics') return;
    const record = histogram.recorder(route.url);
    const hook: onResponseHookHandler = (request, reply, done) => {
      if (!untimedMethods.has(request.method)) record(request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = route.onResponse ? [...[route.onResponse].flat(), hook] : [hook];
  });
}

/**
 * A graceful stop: refuse new work (readiness fails, so the load balancer moves on), let the replies
 * being written finish for up to `graceMs`, then close (what is still running ends as interrupted,
 * its text saved and its interaction given back). True when every reply finished by itself.
 */
export async function drainAndClose(app: FastifyInstance, graceMs: number): Promise<boolean> {
  app.operations.startDraining();
  const drained = await app.runs.drain(graceMs);
  if (!drained) app.log.warn({ runs: app.runs.activeCount }, 'shutdown: replies and roundtables still running after the grace period are ended as interrupted');
  await app.close();
  return drained;
}
