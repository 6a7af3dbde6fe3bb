import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { drainAndClose } from './plugins/operations.ts';

const packageVersion = () => (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
}

/**
 * Boots the server: opens the database and migrates it, builds the app, closes both gracefully on
 * SIGINT or SIGTERM (draining first: plugins/operations.ts), and listens. server.ts runs it with the environment's configuration; a host
 * that embeds the server gets the handles back (tests/e2e/serve.ts reads the database through them).
 */
export async function startServer(config: Config): Promise<RunningServer> {
  // Loaded only when configured: without an endpoint nothing of OpenTelemetry is imported (decision 066).
  const tracing = config.tracing ? (await import('./telemetry/tracing.ts')).startTracing(config.tracing, packageVersion()) : undefined;
  const database = await openDatabase(config.database, { observeStatement: tracing?.observeStatement });
  await runMigrations(database);
  const app = await buildApp({
    config,
    database,
    tracing,
    logger: {
      level: config.logLevel,
      ...(config.isProduction ? {} : { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }),
    },
  });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    const graceMs = config.operations.shutdownGraceMs;
    app.log.info(`${signal} received: refusing new work, letting running replies finish (up to ${graceMs} ms), then closing`);
    const force = setTimeout(() => process.exit(1), graceMs + 10_000);
    force.unref();
    await drainAndClose(app, graceMs);
    await database.close();
    await tracing?.shutdown().catch((err: unknown) => app.log.warn({ err }, 'the last traces could not be sent'));
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.appName} is ready at ${config.publicUrl} (database: ${database.kind})`);
  return { app, database };
}
