import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '#server/db/client.ts';

/**
 * The database as data, written and read by our own statements (no pg_dump: PGlite has none, and a
 * dump made by one must restore on the other). Tables, columns and foreign keys are read from the
 * catalog, so a new table or column is backed up without a change here.
 */

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

export interface TableShape {
  name: string;
  /** Columns a row is written with: every one but the generated (recomputed on insert). */
  columns: string[];
}

/** The app's tables (schema public), parents before the tables that reference them. */
export async function tablesInOrder(db: Executor): Promise<TableShape[]> {
  const { rows: tables } = await db.execute<{ name: string; columns: string[] }>(sql`
    SELECT c.relname AS name,
      array(SELECT a.attname::text FROM pg_attribute a
            WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
            ORDER BY a.attnum) AS columns
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
    ORDER BY c.relname`);
  const { rows: references } = await db.execute<{ child: string; parent: string }>(sql`
    SELECT child.relname AS child, parent.relname AS parent
    FROM pg_constraint con
    JOIN pg_class child ON child.oid = con.conrelid
    JOIN pg_class parent ON parent.oid = con.confrelid
    JOIN pg_namespace n ON n.oid = child.relnamespace
    WHERE con.contype = 'f' AND n.nspname = 'public' AND child.oid <> parent.oid`);
  const parentsOf = new Map(tables.map((table) => [table.name, new Set<string>()]));
  for (const { child, parent } of references) parentsOf.get(child)?.add(parent);
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((table) => !placed.has(table.name) && [...parentsOf.get(table.name)!].every((parent) => placed.has(parent)));
    if (ready.length === 0) throw new Error(`The tables' foreign keys form a cycle: ${tables.filter((t) => !placed.has(t.name)).map((t) => t.name).join(', ')}`);
    for (const table of ready) {
      placed.add(table.name);
      ordered.push(table);
    }
  }
  return ordered;
}

/** The migrations applied to this database, oldest first, as the `when` of their journal entries (none: never migrated). */
export async function appliedMigrations(db: Db): Promise<number[]> {
  const { rows } = await db.execute<{ present: boolean }>(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!rows[0]?.present) return [];
  const applied = await db.execute<{ created_at: string | number }>(sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at`);
  return applied.rows.map((row) => Number(row.created_at));
}

export async function serverVersion(db: Db): Promise<string> {
  const { rows } = await db.execute<{ version: string }>(sql`SELECT current_setting('server_version') AS version`);
  return rows[0]!.version;
}

const FETCH_ROWS = 500;

/**
 * Writes every table's rows to `fileOf(table)` (JSON lines), all read in one REPEATABLE READ, read-only
 * transaction: one snapshot, however long it takes, while the app goes on writing. A cursor keeps
 * memory flat whatever a table's size. Answers each table's row count.
 */
export async function dumpTables(db: Db, fileOf: (table: string) => string): Promise<Array<TableShape & { rows: number }>> {
  return db.transaction(
    async (tx) => {
      const dumped: Array<TableShape & { rows: number }> = [];
      for (const table of await tablesInOrder(tx)) {
        const out = createWriteStream(fileOf(table.name));
        let rows = 0;
        const columns = sql.join(table.columns.map(ident), sql`, `);
        await tx.execute(sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT to_jsonb(r)::text AS line FROM (SELECT ${columns} FROM ${ident(table.name)}) r`);
        for (;;) {
          const { rows: batch } = await tx.execute<{ line: string }>(sql.raw(`FETCH ${FETCH_ROWS} FROM backup_rows`));
          for (const { line } of batch) if (!out.write(`${line}\n`)) await once(out, 'drain');
          rows += batch.length;
          if (batch.length < FETCH_ROWS) break;
        }
        await tx.execute(sql`CLOSE backup_rows`);
        out.end();
        await once(out, 'finish');
        dumped.push({ ...table, rows });
      }
      return dumped;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Tables that hold a row, but for `jobs` (an app that started once has queued its own work there). */
export async function tablesWithRows(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tablesInOrder(db)) {
    if (table.name === 'jobs') continue;
    const { rows } = await db.execute<{ any: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM ${ident(table.name)}) AS any`);
    if (rows[0]?.any) found.push(table.name);
  }
  return found;
}

/** Empties every table at once (TRUNCATE: no row-by-row delete triggers queue work for the rows it removes). */
export async function emptyTables(db: Db): Promise<void> {
  const tables = await tablesInOrder(db);
  if (tables.length) await db.execute(sql`TRUNCATE TABLE ${sql.join(tables.map((table) => ident(table.name)), sql`, `)}`);
}

/** Rows per INSERT, and the bytes of JSON one may carry (a long conversation's messages are large). */
const INSERT_ROWS = 500;
const INSERT_BYTES = 4 * 1024 * 1024;

/**
 * Inserts the archive's rows in one transaction, parents first. The tables' own triggers (summaries,
 * search upkeep, clean-up jobs) are off meanwhile: the rows they would write are in the archive
 * already. `ALTER TABLE ... DISABLE TRIGGER USER` needs only the table's owner, not a superuser, and
 * leaves foreign keys checked. Identity and serial counters continue after the highest restored value.
 */
export async function loadTables(db: Db, tables: Array<{ name: string; columns: string[]; rows: number }>, fileOf: (table: string) => string): Promise<void> {
  await db.transaction(async (tx) => {
    const present = new Map((await tablesInOrder(tx)).map((table) => [table.name, table]));
    const order = [...present.keys()];
    const toLoad = tables.filter((table) => present.has(table.name)).sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
    for (const table of toLoad) await tx.execute(sql`ALTER TABLE ${ident(table.name)} DISABLE TRIGGER USER`);
    for (const table of toLoad) {
      // Columns the archive has and the table takes; a column added since gets its default.
      const columns = table.columns.filter((column) => present.get(table.name)!.columns.includes(column));
      const list = sql.join(columns.map(ident), sql`, `);
      const insert = (batch: string[]) =>
        tx.execute(sql`INSERT INTO ${ident(table.name)} (${list}) OVERRIDING SYSTEM VALUE
          SELECT ${list} FROM jsonb_populate_recordset(NULL::${ident(table.name)}, ${`[${batch.join(',')}]`}::jsonb)`);
      let batch: string[] = [];
      let bytes = 0;
      for await (const line of createInterface({ input: createReadStream(fileOf(table.name)), crlfDelay: Infinity })) {
        if (!line) continue;
        batch.push(line);
        bytes += line.length;
        if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) {
          await insert(batch);
          batch = [];
          bytes = 0;
        }
      }
      if (batch.length) await insert(batch);
      const { rows } = await tx.execute<{ count: string | number }>(sql`SELECT count(*) AS count FROM ${ident(table.name)}`);
      if (Number(rows[0]!.count) !== table.rows) throw new Error(`${table.name}: ${rows[0]!.count} rows restored, the archive lists ${table.rows}`);
    }
    for (const table of toLoad) await tx.execute(sql`ALTER TABLE ${ident(table.name)} ENABLE TRIGGER USER`);
    const { rows: sequences } = await tx.execute<{ sequence: string; table_name: string; column_name: string }>(sql`
      SELECT s.oid::regclass::text AS sequence, t.relname AS table_name, a.attname AS column_name
      FROM pg_depend d
      JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
      JOIN pg_class t ON t.oid = d.refobjid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE d.deptype IN ('a', 'i')`);
    for (const { sequence, table_name, column_name } of sequences) {
      await tx.execute(sql`SELECT setval(${sequence}::regclass, coalesce((SELECT max(${ident(column_name)}) FROM ${ident(table_name)}), 0) + 1, false)`);
    }
  });
}
