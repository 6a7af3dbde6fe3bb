/** The real application (same boot as src/server/server.ts, quiet logs) on PORT, for benchmarks. */
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
// The bench asks how much memory the server holds (documents bench: RSS while a 100 MB upload streams).
process.on('message', (message) => {
  if ((message as { type?: string }).type === 'memory') process.send?.({ type: 'memory', rss: process.memoryUsage().rss });
});
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
