import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import { Registry } from '@prometheus-io/client';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { cleanInput } from '#contract/text.ts';
import type { Config } from './config.ts';
import { withRedaction } from './log-redaction.ts';
import type { Database } from './db/client.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { registerAccountJobs, scheduleRetention } from './features/account/deletion.service.ts';
import { pictureFreeForSignup } from './features/account/profile-pictures.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { createStripeGateway } from './billing/stripe-gateway.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { userForSessionToken } from './features/auth/auth.service.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { premiumFor } from './features/billing/premium.ts';
import { SessionCache } from './features/auth/session-cache.ts';
import { resolveLocalModel } from './ai/local-model.ts';
import { createToolbox } from './ai/tools/index.ts';
import { createLanguageModel } from './ai/provider.ts';
import { createEmbedder } from './ai/embeddings.ts';
import { passageVectorsAtStart } from './ai/tools/read-document/passage-vectors.ts';
import { createTestClock, databaseClock, type TestClock } from './clock.ts';
import { devMailRoutes } from './features/dev-mail/dev-mail.routes.ts';
import { decisionRoutes } from './features/decisions/decisions.routes.ts';
import { chatRoutes } from './features/chat/chat.routes.ts';
import { replyEnginePlugin } from './features/chat/replies/replies.plugin.ts';
import { conversationNoteRoutes, updateNoteAfterReply } from './features/chat/index.ts';
import { cookieConsentRoutes } from './features/consent/cookie-consent.routes.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { registerHistoryJobs, registerSearchWarmUp } from './features/history/history.jobs.ts';
import { historyRoutes } from './features/history/history.routes.ts';
import { roundtablePlugin } from './features/roundtable/roundtable.plugin.ts';
import { roundtableRoutes } from './features/roundtable/roundtable.routes.ts';
import { documentsContextProvider } from './features/documents/documents-context.ts';
import { registerDocumentJobs, uploadAdmitted } from './features/documents/documents.jobs.ts';
import { registerEmbeddingBackfill, scheduleEmbeddingBackfill } from './features/documents/embedding-backfill.ts';
import { documentRoutes } from './features/documents/documents.routes.ts';
import { memoryContextProvider, memoryRoutes, proposeFactsAfterReply } from './features/memory/index.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { createObjectStorage } from './storage/create-storage.ts';
import { LocalObjectStorage } from './storage/local-storage.ts';
import { localUploadRoutes } from './storage/local-upload.routes.ts';
import { registerStorageJobs } from './storage/storage-jobs.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { devMailPage } from '#contract/pages.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerJsonBodies } from './plugins/json-body.ts';
import { createReplyMetrics, registerLoadGuards, registerOperations } from './plugins/operations.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { publicRoute, registerRouteAccess } from './plugins/route-access.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSession } from './plugins/session.ts';
import { registerSpa } from './plugins/spa.ts';
import { createRedisBus } from './redis/redis-bus.ts';
import { openRedis } from './redis/redis-connections.ts';
import { createInProcessHub } from './streams/in-process-hub.ts';
import { createLocalBus } from './streams/instance-bus.ts';
import { createRedisHub } from './streams/redis-hub.ts';
import { runsPlugin } from './runs/runs.plugin.ts';
import type { TurnStreamEvent } from './runs/stream-events.ts';
import type { Tracing } from './telemetry/tracing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests only (TEST_CLOCK with NODE_ENV=test): sets an account's "today"; null everywhere else. */
    testClock: TestClock | null;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Where the built SPA lives; defaults to dist/client. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** OpenTelemetry (OTEL_EXPORTER_OTLP_ENDPOINT), started by start-server.ts; unset: no tracing at all. */
  tracing?: Tracing;
}

/**
 * Fastify's trustProxy from TRUST_PROXY: off, the N proxies nearest to us (X-Forwarded-For read
 * from the right, so what a client writes at its left end is never taken), or named addresses.
 */
function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

/** Builds the whole application without listening: what server.ts boots and what tests inject into. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { database } = options;
  let { config } = options;
  const app = Fastify({
    logger: withRedaction(typeof options.logger === 'object' ? options.logger : options.logger === false ? { level: 'silent' } : { level: config.logLevel }),
    trustProxy: trustProxyOption(config.trustProxy),
    // JSON routes get their own limits from their body schemas (plugins/json-body.ts); this is the most any body may be.
    bodyLimit: 1024 * 1024,
    // While closing, our draining hook answers (our shape, Retry-After), not Fastify's bare 503.
    return503OnClosing: false,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    logController: new LogController({ disableRequestLogging: config.env === 'test' }),
  }).withTypeProvider<ZodTypeProvider>();
  // First: every later hook, the handler and what they start run inside the request's span.
  options.tracing?.instrumentRequests(app);

  // Every input (body, query, params) loses NUL, lone surrogates and noncharacters before its
  // contract schema sees it: no text field can carry a byte the database refuses (src/contract/text.ts).
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return (data: unknown) => validate(cleanInput(data));
  });
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before anything else a request costs (the session lookup included): draining and load shedding. Then
  // the hooks every route gets as it is added: who may call it, and how large and deep its JSON body may be.
  await registerLoadGuards(app, config.operations);
  registerRouteAccess(app);
  registerJsonBodies(app);
  // Before every route: compression hooks onto each route as it is added (SSE is never compressed).
  await registerCompression(app);

  await app.register(swagger, {
    openapi: { info: { title: `${config.appName} API`, version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true }, config: publicRoute }, async () => app.swagger());

  // Files first: with the S3 driver, browsers upload to the bucket's origin, which the CSP must allow.
  const storage = await createObjectStorage(config.storage);
  registerSecurityHeaders(app, { isProduction: config.isProduction, stripe: config.billing, uploadOrigin: await storage.uploadOrigin() });
  // Several instances share Redis (REDIS_URL): live reply events, Stop, rate-limit counters and
  // session revocation reach every instance (docs/decisions/029-several-instances-on-redis.md).
  // Alone, an instance keeps all of it in memory.
  const redis = config.redisUrl ? openRedis(config.redisUrl, app.log) : undefined;
  const bus = redis ? await createRedisBus(redis, app.log) : createLocalBus();
  const eventHub = redis ? createRedisHub<TurnStreamEvent>({ ...redis, log: app.log }) : createInProcessHub<TurnStreamEvent>();
  // Last: after the runs closed the hub (preClose).
  app.addHook('onClose', async () => {
    await bus.close();
    await redis?.close();
  });
  await registerRateLimits(app, redis);
  registerOriginCheck(app, config.publicUrl);
  const sessionCache = new SessionCache(config.session.cacheMs);
  if (redis) sessionCache.shareWith(bus);
  const findUser = (token: string) => userForSessionToken({ db: database.db, sessionCache }, token);
  await registerSession(app, { findUser, premiumOf: (user) => premiumFor(database.db, user) }, config);

  const mailer: Mailer = createMailer(config.mail, app.log);
  app.addHook('onClose', async () => mailer.close());

  // No provider configured: a local model server found now answers, else the offline demo (decision 072).
  config = { ...config, ai: await resolveLocalModel(config.ai, app.log) };
  // The operator's hint lives here and in the admin view, never in a reply or an export (issue 31, point 6).
  if (config.ai.source === 'demo') app.log.info('AI: the offline demo advisor answers (AI_PROVIDER=demo): sample answers, not advice. For real answers set AI_PROVIDER and its API key (README, Configuration).');
  const model = createLanguageModel(config.ai);
  const deps = { db: database.db, config, mailer, log: app.log, sessionCache, model: options.tracing ? options.tracing.traceModel(model) : model };
  // Background jobs: the queue starts once the app is ready and stops first on close.
  const jobs = new JobQueue({ db: database.db, log: app.log, concurrency: config.jobConcurrency, observeJob: options.tracing?.observeJob });
  app.decorate('jobs', jobs);
  registerStorageJobs(jobs, storage);
  // read_document's vector similarity: the provider's embeddings and pgvector, or full text alone (decision 085).
  const vectors = await passageVectorsAtStart(database.db, createEmbedder(config.ai), app.log);
  const documentsDeps = { ...deps, storage, jobs, vectors };
  registerDocumentJobs(documentsDeps);
  // Documents attached before embeddings were on get their vectors in the background (decision 085). Tests queue it themselves.
  registerEmbeddingBackfill(documentsDeps);
  if (vectors && config.env !== 'test') {
    app.addHook('onReady', async () => void scheduleEmbeddingBackfill(documentsDeps).catch((err: unknown) => app.log.error({ err }, 'queueing the embedding backfill failed')));
  }
  const settings = config.billing;
  const gateway = settings.enabled ? createStripeGateway({ secretKey: settings.secretKey, webhookSecret: settings.webhookSecret, apiUrl: settings.apiUrl }) : null;
  const accountDeps = { ...deps, storage, jobs, gateway };
  registerAccountJobs(accountDeps);
  registerHistoryJobs(jobs, deps);
  // PGlite loads text search on first use; PostgreSQL needs no warm-up. Tests build many apps, none waiting for it.
  if (database.kind === 'pglite' && config.env !== 'test') registerSearchWarmUp(app, deps);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.close());
  // The daily free-tier retention sweep (decision 025): every instance offers it, one runs it. Tests start it themselves.
  if (config.env !== 'test') {
    const offer = () => void scheduleRetention(accountDeps).catch((err: unknown) => app.log.error({ err }, 'scheduling the retention sweep failed'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      offer();
      timer = setInterval(offer, 60 * 60 * 1000).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
  // Health and metrics, before the routes they watch. One registry per app.
  const metricsRegistry = new Registry();
  await registerOperations(app, { config, database, storage, jobs, redis }, metricsRegistry);
  if (storage instanceof LocalObjectStorage) await app.register(localUploadRoutes, { storage, admits: (key: string) => uploadAdmitted(deps, key) });
  await app.register(authRoutes, { deps: { ...deps, pictureFreeForSignup: (path: string) => pictureFreeForSignup({ db: database.db, storage }, path) } });
  await app.register(accountRoutes, { deps: accountDeps });
  await app.register(adminRoutes, { deps: { ...deps, gateway } });
  // Long, streamed work (replies, roundtables): one lifecycle for every kind (decision 069), before
  // the kinds and the routes that use them; documents give replies the text of attached files.
  await app.register(runsPlugin, { databaseShared: database.kind === 'postgres', hub: eventHub, bus });
  // Company memory (decision 073): the profile and facts in every reply's prompt; facts proposed after a reply.
  // One toolbox for replies and roundtable seats (decisions 070 and 084).
  const toolbox = createToolbox(config.ai, { db: deps.db, vectors });
  await app.register(replyEnginePlugin, {
    deps: { ...deps, toolbox },
    contextProviders: [memoryContextProvider(deps), documentsContextProvider(deps)],
    // The conversation's note (decision 083) folds the turns that left the window, after the reply.
    afterReply: [proposeFactsAfterReply(deps), updateNoteAfterReply(deps)],
    observer: createReplyMetrics(metricsRegistry),
  });
  await app.register(roundtablePlugin, { deps: { ...deps, toolbox } });
  await app.register(chatRoutes, { deps });
  await app.register(conversationNoteRoutes, { deps });
  await app.register(roundtableRoutes, { deps: { db: database.db, config, runner: app.roundtables } });
  await app.register(historyRoutes, { deps: { ...deps, toolbox } });
  const testClock = config.testClock ? createTestClock() : null;
  app.decorate('testClock', testClock);
  await app.register(decisionRoutes, { deps: { ...deps, clock: testClock ?? databaseClock } });
  await app.register(contactRoutes, { deps });
  await app.register(cookieConsentRoutes, { deps });
  await app.register(analyticsRoutes, { deps });
  await app.register(billingRoutes, { deps: { ...deps, gateway } });
  await app.register(documentRoutes, { deps: documentsDeps });
  await app.register(memoryRoutes, { deps });
  // Local mail a person can open (decision 056): never in production, never with real SMTP.
  if (config.mail.devMailbox) await app.register(devMailRoutes, { outboxDir: config.mail.outboxDir });

  // The shell paints the cookie banner before the app for an account that has not chosen (decision 046).
  await registerSpa(app, config, options.clientDir ?? config.clientDir ?? defaultClientDir, {
    cookieChoiceOf: async (token) => (await findUser(token))?.cookiesAccepted,
    extraPages: config.mail.devMailbox ? [devMailPage] : [],
  });
  return app;
}
