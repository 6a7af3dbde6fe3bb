import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listOutbox, writeToOutbox } from './outbox.ts';

describe('the local outbox (decision 056)', () => {
  const dirs: string[] = [];
  afterEach(async () => Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))));

  it('keeps the newest messages and removes older ones, both files, leaving other files alone', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    dirs.push(dir);
    await writeFile(path.join(dir, 'README.txt'), 'not mail');
    for (let i = 1; i <= 5; i++) {
      await writeToOutbox(dir, 'Corner Office <no-reply@example.com>', { to: 'ada@example.com', subject: `Message ${i}`, text: `Body ${i}` }, 3);
      // Ids order by the millisecond they were written: one message a millisecond at least.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect((await listOutbox(dir)).map((m) => m.subject)).toEqual(['Message 5', 'Message 4', 'Message 3']);
    const files = await readdir(dir);
    expect(files.filter((name) => name.endsWith('.eml'))).toHaveLength(3);
    expect(files.filter((name) => name.endsWith('.json'))).toHaveLength(3);
    expect(files).toContain('README.txt');
  });
});
