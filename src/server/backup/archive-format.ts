import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/**
 * One backup is one `.tar.gz` (decision 065):
 *   manifest.json            what is in it (versions, migration level, row counts, file list)
 *   database/<table>.jsonl   each table's rows, one JSON object per line (the columns' text forms)
 *   files/<object key>       every stored object, as the storage held it
 *   SHA256SUMS               `sha256sum -c` format, one line for each of the others
 */
export const ARCHIVE_FORMAT = 'corner-office-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const CHECKSUMS_FILE = 'SHA256SUMS';
export const tableFile = (table: string) => `database/${table}.jsonl`;
export const objectFile = (key: string) => `files/${key}`;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  app: z.object({ name: z.string(), version: z.string() }),
  node: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    serverVersion: z.string(),
    /** The migrations applied, in order (their journal tags): the schema the rows fit. */
    migrations: z.array(z.string()),
  }),
  tables: z.array(z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), columns: z.array(z.string()), rows: z.number().int().min(0) })),
  storage: z.object({ driver: z.enum(['local', 's3']) }),
  files: z.array(z.object({ key: z.string(), size: z.number().int().min(0), sha256 })),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** What the operator reads when a restore stops (tests assert through these). */
export const restoreMessages = {
  notEmpty: (what: string) =>
    `Refusing to restore: this installation is not empty (${what}). Restoring replaces everything in it; run again with --force to do that.`,
  checksumMismatch: (file: string) => `The archive is damaged: ${file} does not match its SHA-256 checksum. Nothing was restored.`,
  unlisted: (file: string) => `The archive is damaged: ${file} is not listed in ${CHECKSUMS_FILE}. Nothing was restored.`,
  missing: (file: string) => `The archive is damaged: ${file} is listed in ${CHECKSUMS_FILE} but missing. Nothing was restored.`,
  notABackup: `This is not a ${ARCHIVE_FORMAT} archive (no valid ${MANIFEST_FILE}). Nothing was restored.`,
  newerArchive: (archive: string, code: string) =>
    `This archive was made at migration ${archive}, which this version does not have (its last is ${code}). Restore it with the version that made it, or a newer one.`,
  databaseAhead: (database: string, archive: string) =>
    `The database is already at migration ${database}, later than the archive's ${archive}. Restore into a new, empty database (the app upgrades it after the restore).`,
} as const;

/** The SHA-256 of a file on disk, read as a stream. */
export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export function formatChecksums(entries: Array<{ path: string; sha256: string }>): string {
  return entries.map((entry) => `${entry.sha256}  ${entry.path}\n`).join('');
}

export function parseChecksums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (!match) throw new Error(`${CHECKSUMS_FILE} has a line it should not: ${line.slice(0, 80)}`);
    sums.set(match[2]!, match[1]!);
  }
  return sums;
}
