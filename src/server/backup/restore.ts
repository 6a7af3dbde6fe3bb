import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { extract as extractTar } from 'tar';
import type { Database } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';
import { isObjectKey, type ObjectStorage } from '#server/storage/object-storage.ts';
import { CHECKSUMS_FILE, manifestSchema, MANIFEST_FILE, objectFile, parseChecksums, restoreMessages, sha256OfFile, tableFile, type Manifest } from './archive-format.ts';
import { appliedMigrations, emptyTables, loadTables, tablesWithRows } from './database-dump.ts';
import { migrationsUpTo, readJournal, tagsOf } from './migration-levels.ts';

/** A restore that must not go on; its message is for the operator (restoreMessages). */
export class RestoreRefused extends Error {}

export interface RestoreTarget {
  database: Database;
  storage: ObjectStorage;
}

/** Every regular file under `dir`, as archive paths (`a/b/c`). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/**
 * Unpacks an archive into `dir` and checks it whole before anything is changed: every file listed in
 * SHA256SUMS is there with its checksum, nothing else is, and the manifest is one of ours whose
 * tables and files are the ones the archive holds.
 */
export async function unpackVerified(archive: string, dir: string): Promise<Manifest> {
  // tar refuses absolute paths and `..` by default; links and devices are no part of a backup.
  await extractTar({ file: archive, cwd: dir, strict: true, filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory') });
  const present = await filesUnder(dir);
  if (!present.includes(CHECKSUMS_FILE) || !present.includes(MANIFEST_FILE)) throw new RestoreRefused(restoreMessages.notABackup);
  const sums = parseChecksums(await readFile(path.join(dir, CHECKSUMS_FILE), 'utf8'));
  for (const file of present) if (file !== CHECKSUMS_FILE && !sums.has(file)) throw new RestoreRefused(restoreMessages.unlisted(file));
  for (const [file, expected] of sums) {
    if (!present.includes(file)) throw new RestoreRefused(restoreMessages.missing(file));
    if ((await sha256OfFile(path.join(dir, file))) !== expected) throw new RestoreRefused(restoreMessages.checksumMismatch(file));
  }
  const parsed = manifestSchema.safeParse(JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8')));
  if (!parsed.success) throw new RestoreRefused(restoreMessages.notABackup);
  const manifest = parsed.data;
  const expected = [MANIFEST_FILE, ...manifest.tables.map((table) => tableFile(table.name)), ...manifest.files.map((file) => objectFile(file.key))].sort();
  if (manifest.files.some((file) => !isObjectKey(file.key)) || JSON.stringify(expected) !== JSON.stringify([...sums.keys()].sort())) {
    throw new RestoreRefused(restoreMessages.notABackup);
  }
  return manifest;
}

/** What is in the installation already, in words; null when it is empty. */
async function contentsOf(target: RestoreTarget): Promise<string | null> {
  const tables = (await tablesWithRows(target.database.db)).sort();
  let objects = 0;
  for await (const _key of target.storage.list()) objects += 1;
  const parts = [...(tables.length ? [`rows in ${tables.join(', ')}`] : []), ...(objects ? [`${objects} stored file${objects === 1 ? '' : 's'}`] : [])];
  return parts.length ? parts.join('; ') : null;
}

/**
 * Brings the installation (database and storage as configured) to the state the archive holds.
 * Checks the archive first, then that the installation is empty (`force`: empties it), takes the
 * database to the archive's migration level, loads the rows, migrates on to this version's level,
 * and stores the files. Run it with the app stopped.
 */
export async function restoreBackup(target: RestoreTarget, archive: string, options: { force?: boolean; workDir: string }): Promise<Manifest> {
  const dir = await mkdtemp(path.join(options.workDir, '.restore-'));
  let folder: string | undefined;
  try {
    const manifest = await unpackVerified(archive, dir);
    const journal = await readJournal();
    const archiveTags = manifest.database.migrations;
    const archiveLast = archiveTags.at(-1);
    const codeTags = journal.entries.map((entry) => entry.tag);
    if (archiveTags.some((tag, index) => codeTags[index] !== tag)) throw new RestoreRefused(restoreMessages.newerArchive(archiveLast ?? 'none', codeTags.at(-1)!));
    const databaseTags = tagsOf(journal, await appliedMigrations(target.database.db));
    if (databaseTags.length > archiveTags.length) throw new RestoreRefused(restoreMessages.databaseAhead(databaseTags.at(-1)!, archiveLast ?? 'none'));

    const contents = await contentsOf(target);
    if (contents && !options.force) throw new RestoreRefused(restoreMessages.notEmpty(contents));
    if (databaseTags.length) await emptyTables(target.database.db);
    for await (const key of target.storage.list()) await target.storage.delete(key);

    if (archiveLast) {
      folder = await migrationsUpTo(journal, archiveLast);
      await runMigrations(target.database, { folder });
    }
    await loadTables(target.database.db, manifest.tables, (table) => path.join(dir, tableFile(table)));
    await runMigrations(target.database);
    for (const file of manifest.files) {
      await target.storage.write(file.key, await readFile(path.join(dir, objectFile(file.key))), 'application/octet-stream');
    }
    return manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}
