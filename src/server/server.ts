import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './start-server.ts';

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

await startServer(config);
