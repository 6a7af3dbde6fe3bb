/**
 * `npm run backup [-- --output DIR]`: one dated archive of the installation the configuration (the
 * environment, then .env) names: the database in one snapshot and every stored file, with a
 * manifest and checksums. See docs/operations.md.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { appVersion, createBackup } from '#server/backup/backup.ts';
import { openInstallation } from '#server/backup/installation.ts';
import { ConfigError, loadConfig } from '#server/config.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { output: { type: 'string', short: 'o', default: 'backups' } } });
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

try {
  const config = loadConfig();
  const output = path.resolve(values.output);
  await mkdir(output, { recursive: true });
  const installation = await openInstallation(config);
  try {
    const { file, manifest } = await createBackup({ ...installation, app: await appVersion(root) }, output);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB): ${rows} rows in ${manifest.tables.length} tables, ${manifest.files.length} files, migration ${manifest.database.migrations.at(-1)}`);
  } finally {
    await installation.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
