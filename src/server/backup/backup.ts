import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create as createTar } from 'tar';
import type { Database } from '#server/db/client.ts';
import type { ObjectStorage } from '#server/storage/object-storage.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  CHECKSUMS_FILE,
  formatChecksums,
  MANIFEST_FILE,
  objectFile,
  sha256OfFile,
  tableFile,
  type Manifest,
} from './archive-format.ts';
import { appliedMigrations, dumpTables, serverVersion } from './database-dump.ts';
import { readJournal, tagsOf } from './migration-levels.ts';

export interface BackupSources {
  database: Database;
  storage: ObjectStorage;
  app: { name: string; version: string };
}

/** `corner-office-backup-20261202T101500Z.tar.gz`: sorts by time, and no character a file system refuses. */
export function archiveName(at: Date): string {
  return `corner-office-backup-${at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.tar.gz`;
}

/** Copies an object into the staging folder, hashing it on the way. */
async function copyObject(storage: ObjectStorage, key: string, file: string): Promise<{ size: number; sha256: string }> {
  await mkdir(path.dirname(file), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(await storage.openRead(key), measure, createWriteStream(file));
  return { size, sha256: hash.digest('hex') };
}

/**
 * Writes one archive of the installation into `outputDir` and answers its path: the database in one
 * snapshot, then every stored object, a manifest and checksums. It is staged beside the archive and
 * appears under its final name only once whole.
 */
export async function createBackup(sources: BackupSources, outputDir: string, now = new Date()): Promise<{ file: string; manifest: Manifest }> {
  const { database, storage } = sources;
  const name = archiveName(now);
  const stage = path.join(outputDir, `.${name}.staging`);
  await rm(stage, { recursive: true, force: true });
  await mkdir(path.join(stage, 'database'), { recursive: true });
  try {
    const journal = await readJournal();
    const migrations = tagsOf(journal, await appliedMigrations(database.db));
    const tables = await dumpTables(database.db, (table) => path.join(stage, tableFile(table)));
    // Objects after the rows: one uploaded meanwhile is an orphan the clean-up jobs remove; one
    // deleted meanwhile (with its row, which the snapshot still has) is missing, as after a crash.
    const files: Manifest['files'] = [];
    for await (const key of storage.list()) {
      try {
        files.push({ key, ...(await copyObject(storage, key, path.join(stage, objectFile(key)))) });
      } catch (error) {
        if ((await storage.size(key)) !== null) throw error;
      }
    }
    files.sort((a, b) => a.key.localeCompare(b.key));
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: now.toISOString(),
      app: sources.app,
      node: process.version,
      database: { kind: database.kind, serverVersion: await serverVersion(database.db), migrations },
      tables: tables.map(({ name: table, columns, rows }) => ({ name: table, columns, rows })),
      storage: { driver: storage.driver },
      files,
    };
    await writeFile(path.join(stage, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [MANIFEST_FILE, ...tables.map((table) => tableFile(table.name)), ...files.map((file) => objectFile(file.key))];
    const hashed = new Map(files.map((file) => [objectFile(file.key), file.sha256]));
    const sums = [];
    for (const entry of entries) sums.push({ path: entry, sha256: hashed.get(entry) ?? (await sha256OfFile(path.join(stage, entry))) });
    await writeFile(path.join(stage, CHECKSUMS_FILE), formatChecksums(sums));
    const partial = path.join(outputDir, `.${name}.partial`);
    await createTar({ gzip: true, file: partial, cwd: stage, portable: true }, [MANIFEST_FILE, CHECKSUMS_FILE, ...entries.slice(1)]);
    const file = path.join(outputDir, name);
    await rename(partial, file);
    return { file, manifest };
  } finally {
    await rm(stage, { recursive: true, force: true });
    await rm(path.join(outputDir, `.${name}.partial`), { force: true });
  }
}

/** The app's name and version for a manifest: package.json's. */
export async function appVersion(root: string): Promise<{ name: string; version: string }> {
  const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}
