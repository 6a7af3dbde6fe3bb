/** The real application (same boot as src/server/server.ts, quiet logs) on PORT, for benchmarks. */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { buildApp } from '../../src/server/app.ts';

const config = loadConfig({ ...process.env, PORT: process.env.PORT ?? '0', HOST: '127.0.0.1' });
const database = await openDatabase(config.database);
await runMigrations(database);
const app = await buildApp({ config, database, logger: { level: config.logLevel } });
await app.listen({ port: config.port, host: config.host });
process.send?.({ port: (app.server.address() as { port: number }).port });
// The event-loop delay as load shedding reads it (@fastify/under-pressure: the mean of a 10 ms-resolution
// histogram over the interval since the last reading, less the resolution): the load-shedding bench reads it
// every 250 ms, as the plugin samples.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
// The bench asks how much memory the server holds (documents bench: RSS while a 100 MB upload streams).
process.on('message', (message) => {
  const type = (message as { type?: string }).type;
  if (type === 'memory') process.send?.({ type: 'memory', rss: process.memoryUsage().rss });
  if (type === 'loop-delay') {
    process.send?.({ type: 'loop-delay', ms: Math.max(0, loopDelay.mean / 1e6 - 10) });
    loopDelay.reset();
  }
});
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
