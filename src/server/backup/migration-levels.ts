import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '#server/db/migrate.ts';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
interface Journal {
  entries: JournalEntry[];
  [key: string]: unknown;
}

/** The committed migrations' journal (drizzle-kit's `meta/_journal.json`). */
export async function readJournal(): Promise<Journal> {
  return JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** Tags of the applied migrations (Drizzle records each one's journal `when`); an unknown one is named by its time. */
export function tagsOf(journal: Journal, applied: number[]): string[] {
  return applied.map((when) => journal.entries.find((entry) => entry.when === when)?.tag ?? `unknown migration of ${new Date(when).toISOString()}`);
}

/**
 * A migrations folder holding the committed migrations up to `lastTag` and no further: migrating
 * with it takes a database to exactly the schema an archive's rows were written in. The caller
 * removes the folder.
 */
export async function migrationsUpTo(journal: Journal, lastTag: string): Promise<string> {
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no committed migration is named ${lastTag}`);
  const folder = await mkdtemp(path.join(tmpdir(), 'corner-office-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  const entries = journal.entries.slice(0, last + 1);
  for (const entry of entries) await copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}
