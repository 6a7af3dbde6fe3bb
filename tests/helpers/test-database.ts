import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteDatabase, pgliteExtensions, type Database, type DatabaseOptions } from '#server/db/client.ts';
import { runMigrations } from '#server/db/migrate.ts';

const migrationsDir = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));

/** Where a migrated, empty PGlite data directory is kept, named after the migrations it holds. */
function templatePath(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      // Migrations and their journal; not the folder's documentation (README.md, current-search-triggers.sql).
      else if (dir !== migrationsDir || /^\d{4}_.*\.sql$/.test(entry.name)) hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsDir);
  return path.join(tmpdir(), `corner-office-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * A fresh in-memory PGlite, restored from a migrated template: starting PGlite from scratch and
 * migrating costs seconds per test file, restoring a dump a fraction of that. The first test file
 * to need the template writes it (atomically, so parallel workers never read half a file).
 */
async function openPgliteFromTemplate(options: DatabaseOptions): Promise<Database> {
  const file = templatePath();
  if (!existsSync(file)) {
    const fresh = await openDatabase({ kind: 'pglite' }, options);
    await runMigrations(fresh);
    const client = (fresh.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return fresh;
  }
  const client = new PGlite({ loadDataDir: new Blob([readFileSync(file)]), extensions: pgliteExtensions });
  await client.waitReady;
  return pgliteDatabase(client, options);
}

/** Runs one statement on the server's maintenance connection. */
async function onServer(serverUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A migrated, empty PostgreSQL database named after the migrations it holds, made once per server
 * (under an advisory lock, so parallel workers make it once) and copied for each test file:
 * CREATE DATABASE ... TEMPLATE copies files, where running every migration again cost about a second.
 */
const templates = new Map<string, Promise<string>>();

/** Once per worker (Vitest reuses workers across files): the check costs a connection and hashing every migration. */
function postgresTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = makePostgresTemplate(serverUrl);
    templates.set(serverUrl, template);
    template.catch(() => templates.delete(serverUrl));
  }
  return template;
}

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `co_template_${path.basename(templatePath(), '.tar').slice(-16)}`;
  await onServer(serverUrl, async (client) => {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return;
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
      try {
        await runMigrations(database);
      } finally {
        await database.close();
      }
      // Only a finished template gets the name the next run looks for.
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when the Vitest
 * project runs against PostgreSQL (TEST_DB=postgres), a new database on TEST_DATABASE_URL
 * copied from the migrated template and dropped afterwards.
 */
export async function openTestDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const serverUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) return openPgliteFromTemplate(options);
  const template = await postgresTemplate(serverUrl);
  const name = `co_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 25 }, options);
  return {
    ...database,
    async close() {
      await database.close();
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
