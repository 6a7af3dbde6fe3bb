/**
 * `npm run restore ARCHIVE [-- --force]`: brings an empty installation (the database and storage the
 * configuration names) to the state an archive of `npm run backup` holds. Checks the archive's
 * checksums first; refuses an installation that holds anything unless --force (which replaces it).
 * Stop the app first. See docs/operations.md.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openInstallation } from '#server/backup/installation.ts';
import { restoreBackup, RestoreRefused } from '#server/backup/restore.ts';
import { ConfigError, loadConfig } from '#server/config.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
if (positionals.length !== 1) {
  console.error('Usage: npm run restore ARCHIVE [-- --force]');
  process.exit(2);
}
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

try {
  const config = loadConfig();
  const archive = path.resolve(positionals[0]!);
  const installation = await openInstallation(config);
  try {
    const manifest = await restoreBackup(installation, archive, { force: values.force, workDir: path.dirname(archive) });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Restored ${archive}: ${rows} rows, ${manifest.files.length} files, made ${manifest.createdAt} by ${manifest.app.name} ${manifest.app.version}.`);
  } finally {
    await installation.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof RestoreRefused ? error.message : error);
  process.exit(1);
}
