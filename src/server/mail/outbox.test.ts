import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listOutbox, readOutboxMessage, writeToOutbox } from './outbox.ts';

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

  it('lists the messages that are whole while another is being written, and never a half-written one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    dirs.push(dir);
    await writeToOutbox(dir, 'Corner Office <no-reply@example.com>', { to: 'ada@example.com', subject: 'Whole', text: 'Body' });
    // A message caught in the middle of its writing: its .eml is there, its JSON is not yet whole.
    const writing = `${Date.now() + 1000}-0123abcd`;
    await writeFile(path.join(dir, `${writing}.eml`), 'To: grace@example.com\r\n');
    await writeFile(path.join(dir, `${writing}.json.partial`), '{"id": "');
    // And one a crash left half written, from before the outbox wrote its JSON in one step.
    await writeFile(path.join(dir, `${Date.now() + 2000}-4567cdef.json`), '{"id": "');
    expect((await listOutbox(dir)).map((m) => m.subject)).toEqual(['Whole']);
    expect(await readOutboxMessage(dir, writing)).toBeNull();
  });

  it('prunes the JSON a crash left half written along with its message', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    dirs.push(dir);
    // A crash between the .eml and the JSON's rename, long ago (an id older than any message written now).
    const crashed = '0000000000001-0123abcd';
    await writeFile(path.join(dir, `${crashed}.eml`), 'To: grace@example.com\r\n');
    await writeFile(path.join(dir, `${crashed}.json.partial`), '{"id": "');
    await writeToOutbox(dir, 'Corner Office <no-reply@example.com>', { to: 'ada@example.com', subject: 'Newest', text: 'Body' }, 1);
    expect((await readdir(dir)).filter((name) => name.startsWith(crashed))).toEqual([]);
    expect((await listOutbox(dir)).map((m) => m.subject)).toEqual(['Newest']);
  });
});
