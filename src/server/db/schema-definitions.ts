import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Where the current definitions are written for people to read (see migrations/README.md). */
export const CURRENT_DEFINITIONS_FILE = new URL('./migrations/current-search-triggers.sql', import.meta.url);

/**
 * The triggers, their functions and the generated columns of the migrated schema, as the database
 * itself prints them: what migrations 0002 to 0006 (and any later one) add up to, in one place.
 * A test compares this with CURRENT_DEFINITIONS_FILE, so the file cannot drift from the migrations.
 */
export async function currentSchemaDefinitions(db: Db): Promise<string> {
  const generated = await db.execute<{ name: string; definition: string }>(sql`
    select c.relname || '.' || a.attname as name, pg_get_expr(d.adbin, d.adrelid) as definition
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid and c.relnamespace = 'public'::regnamespace
    join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attgenerated = 's'
    order by 1`);
  const triggers = await db.execute<{ name: string; definition: string; function_oid: number }>(sql`
    select c.relname || '.' || t.tgname as name, pg_get_triggerdef(t.oid, true) as definition, t.tgfoid::int as function_oid
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid and c.relnamespace = 'public'::regnamespace
    where not t.tgisinternal
    order by c.relname, t.tgname`);
  const functions = await db.execute<{ name: string; definition: string }>(sql`
    select p.proname as name, pg_get_functiondef(p.oid) as definition
    from pg_proc p
    where p.pronamespace = 'public'::regnamespace and p.oid in (select tgfoid from pg_trigger where not tgisinternal)
    order by p.proname`);
  const lines = [
    '-- GENERATED from the migrated schema by `npx tsx scripts/write-schema-definitions.ts`: do not edit.',
    '-- The current state of what migrations define by hand (triggers, their functions, generated',
    '-- columns). Change them with a new migration, then run the script; src/server/db/schema-definitions.test.ts',
    '-- fails while this file and the migrations disagree.',
    '',
    '-- Generated columns',
    ...generated.rows.map((r) => `-- ${r.name}: GENERATED ALWAYS AS (${r.definition}) STORED`),
    '',
    '-- Triggers',
    ...triggers.rows.map((r) => `${r.definition};`),
    '',
    '-- Trigger functions',
    ...functions.rows.map((r) => `${r.definition.trim()};\n`),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}
