import type { Config } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { createObjectStorage } from '#server/storage/create-storage.ts';
import type { ObjectStorage } from '#server/storage/object-storage.ts';

export interface Installation {
  database: Database;
  storage: ObjectStorage;
  close(): Promise<void>;
}

/**
 * The database and the storage the configuration names, as the server would open them, for the
 * backup and restore commands. PGlite runs on this thread: nothing else shares it here (and the
 * server must not be running on the same DATA_DIR: PGlite is one process's database).
 */
export async function openInstallation(config: Config): Promise<Installation> {
  const target = config.database.kind === 'pglite' ? { ...config.database, thread: 'main' as const } : config.database;
  const database = await openDatabase(target);
  const storage = await createObjectStorage(config.storage);
  return { database, storage, close: () => database.close() };
}
