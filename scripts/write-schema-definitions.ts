/**
 * Writes src/server/db/migrations/current-search-triggers.sql from a freshly migrated in-memory
 * database: run after adding a migration that changes a trigger, a trigger function or a generated column.
 */
import { writeFileSync } from 'node:fs';
import { openDatabase } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { CURRENT_DEFINITIONS_FILE, currentSchemaDefinitions } from '../src/server/db/schema-definitions.ts';

const database = await openDatabase({ kind: 'pglite' });
await runMigrations(database);
writeFileSync(CURRENT_DEFINITIONS_FILE, await currentSchemaDefinitions(database.db));
await database.close();
console.log(`wrote ${CURRENT_DEFINITIONS_FILE.pathname}`);
