import { writeFileSync } from 'node:fs';
import { countUsers } from './control.ts';
import { e2eUserCountFile } from './paths.ts';

/** Notes how many users the database holds before the run (global-teardown.ts checks the run left it so). */
export default async function globalSetup(): Promise<void> {
  writeFileSync(e2eUserCountFile, String(await countUsers()));
}
