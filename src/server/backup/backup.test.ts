import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { create as createTar, extract as extractTar } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { configFrom } from '#server/config.ts';
import type { Database, Db } from '#server/db/client.ts';
import { createObjectStorage } from '#server/storage/create-storage.ts';
import type { ObjectStorage } from '#server/storage/object-storage.ts';
import { startFakeS3, type FakeS3 } from '#tests/fakes/s3-server.ts';
import { createChatSession, waitForMessage } from '#tests/helpers/chat-api.ts';
import { fixturePath, processUpload } from '#tests/helpers/documents-api.ts';
import { createTestApp, inject, signUpPremiumUser, signUpUser, type TestApp } from '#tests/helpers/test-app.ts';
import { openTestDatabase } from '#tests/helpers/test-database.ts';
import { waitFor } from '#tests/helpers/wait-for.ts';
import { CHECKSUMS_FILE, restoreMessages, tableFile } from './archive-format.ts';
import { appVersion, createBackup } from './backup.ts';
import { RestoreRefused, restoreBackup } from './restore.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** Every row of every table of the app, as PostgreSQL writes it (all columns, generated ones too), sorted. */
async function everyRow(db: Db): Promise<Record<string, string[]>> {
  const { rows: tables } = await db.execute<{ name: string }>(
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`,
  );
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await db.execute<{ line: string }>(sql`SELECT to_jsonb(t)::text AS line FROM ${sql.raw(`"${name}"`)} t`);
    all[name] = rows.map((row) => row.line).sort();
  }
  return all;
}

async function migrationLevel(db: Db): Promise<string[]> {
  const { rows } = await db.execute<{ hash: string }>(sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at`);
  return rows.map((row) => row.hash);
}

async function everyFile(storage: ObjectStorage): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const key of storage.list()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.openRead(key)) chunks.push(chunk as Buffer);
    files[key] = Buffer.concat(chunks).toString('base64');
  }
  return files;
}

/** The spec's upload flow: the browser PUTs to the URL it is given (the app's own, or the bucket's), then asks for processing. */
async function attach(t: TestApp, cookie: string, sessionId: string, name: string) {
  const body = await readFile(fixturePath(name));
  const { uploadURL } = (await inject(t.app, { method: 'POST', url: '/api/documents/upload-url', cookie, payload: { size: body.length } })).json() as { uploadURL: string };
  const put = uploadURL.startsWith('http')
    ? (await fetch(uploadURL, { method: 'PUT', body, headers: { 'content-type': 'application/octet-stream' } })).status
    : (await t.app.inject({ method: 'PUT', url: uploadURL, payload: body, headers: { 'content-type': 'application/octet-stream' } })).statusCode;
  expect(put).toBe(200);
  const processed = await processUpload(t.app, cookie, { objectStorageUrl: uploadURL.split('?')[0]!, name, size: body.length, sessionId });
  expect(processed.statusCode, processed.body).toBe(201);
  return processed.json().document as { id: string };
}

/** An installation with something in every part: accounts, conversations, documents with files, decisions, a subscription, a roundtable. */
async function populate(t: TestApp) {
  const standard = await signUpUser(t.app, t.config);
  await createChatSession(t.app, standard.cookie);
  const premium = await signUpPremiumUser(t, 'subscriber');
  const session = await createChatSession(t.app, premium.cookie, { executiveRole: 'CFO', industry: 'Retail' });
  const document = await attach(t, premium.cookie, session.id, 'notes.md');
  await attach(t, premium.cookie, session.id, 'plan.txt');
  await t.app.jobs.runUntilIdle();
  const sent = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages`, cookie: premium.cookie, payload: { content: 'What do my notes say?', documentIds: [document.id] } });
  expect(sent.statusCode, sent.body).toBe(201);
  const reply = await waitForMessage(t.app, premium.cookie, session.id, sent.json().assistantMessage.id);
  const decision = await inject(t.app, { method: 'POST', url: '/api/decisions', cookie: premium.cookie, payload: { sessionId: session.id, messageId: reply.id } });
  expect(decision.statusCode, decision.body).toBe(201);
  const table = await inject(t.app, {
    method: 'POST',
    url: `/api/chat-sessions/${session.id}/roundtables`,
    cookie: premium.cookie,
    payload: { question: 'Should we open ten stores in Ohio?', format: 'roundtable', executiveRoles: ['CFO', 'CMO'] },
  });
  expect(table.statusCode, table.body).toBe(201);
  const tableId = (table.json() as { id: string }).id;
  await waitFor(async () => {
    const { status } = (await inject(t.app, { method: 'GET', url: `/api/roundtables/${tableId}`, cookie: premium.cookie })).json() as { status: string };
    return status !== 'running';
  }, 'the roundtable to end');
  await t.app.jobs.runUntilIdle();
  return { cookie: premium.cookie, documentId: document.id };
}

describe.each([{ driver: 'local' as const }, { driver: 's3' as const }])('backup and restore with $driver storage', ({ driver }) => {
  const work: string[] = [];
  const dir = async (prefix: string) => {
    const made = await mkdtemp(path.join(tmpdir(), prefix));
    work.push(made);
    return made;
  };
  let sourceDatabase: Database;
  let sourceStorage: ObjectStorage;
  let targetDatabase: Database;
  let targetStorage: ObjectStorage;
  let targetVars: Record<string, string>;
  let fakes: FakeS3[] = [];
  let signedIn: { cookie: string; documentId: string };
  let archive: string;

  beforeAll(async () => {
    const storageVars = async (bucket: string): Promise<Record<string, string>> => {
      if (driver === 'local') return { DATA_DIR: await dir('backup-data-') };
      const fake = await startFakeS3(bucket);
      fakes.push(fake);
      return { DATA_DIR: await dir('backup-data-'), ...fake.env };
    };
    const sourceVars = { AI_PROVIDER: 'demo', ...(await storageVars('corner-office-source')) };
    sourceDatabase = await openTestDatabase();
    // The app runs, then stops (as an operator's backup may find it), leaving its database and files.
    const source = await createTestApp(sourceVars, { database: sourceDatabase });
    signedIn = await populate(source);
    await source.close();
    sourceStorage = await createObjectStorage(source.config.storage);

    const made = await createBackup({ database: sourceDatabase, storage: sourceStorage, app: await appVersion(root) }, await dir('backups-'), new Date('2026-12-02T10:15:00.123Z'));
    archive = made.file;
    expect(path.basename(archive)).toBe('corner-office-backup-20261202T101500Z.tar.gz');
    targetVars = { AI_PROVIDER: 'demo', LOAD_SHED_EVENT_LOOP_DELAY_MS: '0', ...(await storageVars('corner-office-restored')) };
    targetStorage = await createObjectStorage(configFrom(targetVars).storage);
  });

  afterAll(async () => {
    await sourceDatabase?.close();
    await targetDatabase?.close();
    for (const fake of fakes) await fake.close();
    fakes = [];
    for (const made of work) await rm(made, { recursive: true, force: true });
  });

  it('writes a manifest with versions, the migration level, row counts and the files, and restores every row and file into an empty installation', async () => {
    // The empty installation: migrated by a first start, with nothing in it.
    targetDatabase = await openTestDatabase();
    const manifest = await restoreBackup({ database: targetDatabase, storage: targetStorage }, archive, { workDir: path.dirname(archive) });
    expect(manifest).toMatchObject({ format: 'corner-office-backup', app: { name: 'corner-office' }, database: { kind: sourceDatabase.kind }, storage: { driver } });
    const source = await everyRow(sourceDatabase.db);
    for (const table of ['users', 'sessions', 'chat_sessions', 'chat_messages', 'documents', 'document_chunks', 'decisions', 'payments', 'roundtables']) {
      expect(source[table]!.length, table).toBeGreaterThan(0);
      expect(manifest.tables.find((entry) => entry.name === table)?.rows, table).toBe(source[table]!.length);
    }
    expect(manifest.files.length).toBe(2);

    expect(await everyRow(targetDatabase.db)).toEqual(source);
    expect(await migrationLevel(targetDatabase.db)).toEqual(await migrationLevel(sourceDatabase.db));
    expect(await everyFile(targetStorage)).toEqual(await everyFile(sourceStorage));

    // The restored installation serves the same account, still signed in, and its document's bytes.
    const restored = await buildApp({ config: configFrom(targetVars), database: targetDatabase, logger: false });
    try {
      expect((await inject(restored, { method: 'GET', url: '/api/auth/me', cookie: signedIn.cookie })).statusCode).toBe(200);
      const download = await inject(restored, { method: 'GET', url: `/api/documents/${signedIn.documentId}/download`, cookie: signedIn.cookie });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(await readFile(fixturePath('notes.md')))).toBe(true);
    } finally {
      await restored.close();
    }
  });

  it('refuses an installation that holds anything, unless forced, and then replaces it', async () => {
    // The target now holds the restored installation.
    const before = await everyRow(targetDatabase.db);
    await expect(restoreBackup({ database: targetDatabase, storage: targetStorage }, archive, { workDir: path.dirname(archive) })).rejects.toThrow(
      new RestoreRefused(restoreMessages.notEmpty(`rows in ${Object.keys(before).filter((table) => table !== 'jobs' && before[table]!.length).join(', ')}; 2 stored files`)),
    );
    await targetDatabase.db.execute(sql`UPDATE users SET first_name = 'Changed'`);
    await restoreBackup({ database: targetDatabase, storage: targetStorage }, archive, { force: true, workDir: path.dirname(archive) });
    expect(await everyRow(targetDatabase.db)).toEqual(await everyRow(sourceDatabase.db));
    expect(await everyFile(targetStorage)).toEqual(await everyFile(sourceStorage));
  });

  it('checks every checksum before it changes anything', async () => {
    const unpacked = await dir('damaged-');
    await extractTar({ file: archive, cwd: unpacked });
    const users = path.join(unpacked, tableFile('users'));
    await writeFile(users, (await readFile(users, 'utf8')).replace('Ada', 'Eve'));
    const damaged = path.join(unpacked, 'damaged.tar.gz');
    await createTar({ gzip: true, file: damaged, cwd: unpacked }, ['manifest.json', CHECKSUMS_FILE, 'database', 'files']);
    const before = await everyRow(targetDatabase.db);
    await expect(restoreBackup({ database: targetDatabase, storage: targetStorage }, damaged, { force: true, workDir: unpacked })).rejects.toThrow(
      new RestoreRefused(restoreMessages.checksumMismatch(tableFile('users'))),
    );
    expect(await everyRow(targetDatabase.db)).toEqual(before);
  });
});
