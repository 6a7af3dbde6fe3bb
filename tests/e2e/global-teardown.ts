import { readFileSync } from 'node:fs';
import { countUsers } from './control.ts';
import { e2eUserCountFile } from './paths.ts';

/**
 * Every user a test signs up is deleted after it (fixtures.ts): the run must leave the database with
 * as many users as it found. A test that creates a user without uniqueEmail() fails the run here.
 */
export default async function globalTeardown(): Promise<void> {
  const before = Number(readFileSync(e2eUserCountFile, 'utf8'));
  const after = await countUsers();
  if (after !== before) {
    throw new Error(`The end-to-end run left ${after - before} user(s) behind (${before} before, ${after} after): create test users with uniqueEmail() so the fixtures delete them.`);
  }
  console.log(`End-to-end users: ${before} before the run, ${after} after (every test user deleted).`);
}
