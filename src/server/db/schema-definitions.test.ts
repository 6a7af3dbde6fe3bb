import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#tests/helpers/test-database.ts';
import type { Database } from './client.ts';
import { CURRENT_DEFINITIONS_FILE, currentSchemaDefinitions } from './schema-definitions.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('migrations/current-search-triggers.sql', () => {
  it('is what the migrations define now (else run: npx tsx scripts/write-schema-definitions.ts)', async () => {
    const current = await currentSchemaDefinitions(database.db);
    expect(current).toContain('history_messages_inserted');
    expect(readFileSync(CURRENT_DEFINITIONS_FILE, 'utf8')).toBe(current);
  });
});
