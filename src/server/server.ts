import { ConfigError, loadConfig } from './config.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// The app (every feature, the database, the AI SDK) loads only once the configuration holds, so a bad
// setting is reported at once rather than after seconds of imports.
const { startServer } = await import('./start-server.ts');
await startServer(config);
