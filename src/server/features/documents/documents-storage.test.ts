import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages, PROFILE_PICTURE_MAX_BYTES } from '#contract/account-text.ts';
import { storageLimits, uploadLimits } from '#contract/documents-text.ts';
import { errorCatalog } from '#contract/errors-text.ts';
import { MAX_FILE_BYTES } from '#contract/limits.ts';
import { jobs } from '#server/db/schema.ts';
import { processUpload, uploadDocument } from '#tests/helpers/documents-api.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';
import { COLLECT_UPLOAD_JOB } from './documents.service.ts';

/** Issue 28, point 5 and must-deliver 2 (decision 052): uploads count when their URL is given out, are collected unattached, and fit a storage cap per plan. */
const t = useTestApp();
const MB = 1024 * 1024;
const storedFile = (uploadURL: string) => path.join(t.config.dataDir, 'uploads', ...uploadURL.split('?')[0]!.replace('/api/storage/uploads/', '').split('/'));
const uploadUrl = (cookie: string | undefined, size: number) => inject(t.app, { method: 'POST', url: '/api/documents/upload-url', cookie, payload: { size } });
const put = (url: string, body: string | Buffer) => t.app.inject({ method: 'PUT', url, payload: body, headers: { 'content-type': 'text/plain' } });
const usage = async (cookie: string) => (await inject(t.app, { method: 'GET', url: '/api/chat/usage', cookie })).json();

/** The collection jobs, due now rather than after the upload's lifetime, then run. */
async function collectNow() {
  await t.database.db.update(jobs).set({ runAt: sql`now()` }).where(and(eq(jobs.kind, COLLECT_UPLOAD_JOB), eq(jobs.status, 'queued')));
  await t.app.jobs.runUntilIdle();
}

describe('document storage per account', () => {
  it('lets a Free account hold one upload at a time: 30 URLs store one file, not 30', async () => {
    const { cookie } = await t.signIn();
    const urls: string[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await uploadUrl(cookie, 1000);
      expect(response.statusCode).toBe(200);
      urls.push(response.json().uploadURL);
    }
    const statuses = await Promise.all(urls.map((url) => put(url, 'x'.repeat(1000)).then((r) => r.statusCode)));
    expect(statuses.slice(0, 29).every((status) => status === 403)).toBe(true);
    expect(statuses[29]).toBe(200);
    expect(urls.filter((url) => existsSync(storedFile(url)))).toEqual([urls[29]]);
    // Replaced URLs keep their hold on the storage until they are collected.
    expect(await usage(cookie)).toMatchObject({ attachmentsUsed: 0, storageUsedBytes: 30 * 1000, storageLimitBytes: storageLimits.freeBytes });
  });

  it("refuses an upload URL that does not fit the plan's storage, counting uploads not yet attached", async () => {
    const { cookie } = await t.signIn();
    expect((await uploadUrl(cookie, MAX_FILE_BYTES)).statusCode).toBe(200);
    expect((await uploadUrl(cookie, MAX_FILE_BYTES)).statusCode).toBe(200);
    const full = await uploadUrl(cookie, 100 * MB);
    expect(full.statusCode).toBe(413);
    expect(full.json()).toEqual({ error: errorCatalog['payload_too_large:storage'].message, code: 'payload_too_large:storage' });
    expect((await usage(cookie)).storageUsedBytes).toBe(2 * MAX_FILE_BYTES);
    // Collected, the holds are given back.
    await collectNow();
    expect((await usage(cookie)).storageUsedBytes).toBe(0);
    expect((await uploadUrl(cookie, 100 * MB)).statusCode).toBe(200);
  });

  it('binds an upload URL to its declared size', async () => {
    const { cookie } = await t.signIn('vip');
    const { uploadURL } = (await uploadUrl(cookie, 10)).json();
    expect(uploadURL).toContain('max=10&');
    expect((await put(uploadURL, 'eleven byte')).statusCode).toBe(413);
    expect((await put(uploadURL.replace('max=10&', `max=${MAX_FILE_BYTES}&`), 'eleven byte')).statusCode).toBe(403);
    expect((await put(uploadURL, 'ten bytes!')).statusCode).toBe(200);
  });

  it('deletes an upload never attached after its lifetime, and keeps an attached one', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip' });
    const { uploadURL } = (await uploadUrl(cookie, 5)).json();
    expect((await put(uploadURL, 'hello')).statusCode).toBe(200);
    const attached = await uploadDocument(t.app, cookie, session.id, { name: 'plan.txt', type: 'text/plain' });
    expect(attached.response.statusCode).toBe(201);
    const [job] = await t.database.db.select({ runAt: jobs.runAt, createdAt: jobs.createdAt }).from(jobs).where(and(eq(jobs.kind, COLLECT_UPLOAD_JOB), sql`${jobs.payload}->>'key' = ${uploadURL.split('?')[0]!.replace('/api/storage/uploads/', '')}`));
    expect(job!.runAt.getTime() - job!.createdAt.getTime()).toBeGreaterThanOrEqual(uploadLimits.unattachedLifetimeSeconds * 1000 - 1000);
    await collectNow();
    expect(existsSync(storedFile(uploadURL))).toBe(false);
    expect(existsSync(storedFile(attached.uploadURL!))).toBe(true);
    const size = attached.response.json().document.size as number;
    expect(await usage(cookie)).toMatchObject({ storageUsedBytes: size, storageLimitBytes: storageLimits.premiumBytes });
    // A collected upload can no longer be attached.
    const late = await processUpload(t.app, cookie, { objectStorageUrl: uploadURL.split('?')[0]!, name: 'a.txt', type: 'text/plain', size: 5, sessionId: session.id });
    expect(late.statusCode).toBe(404);
  });

  it('bounds the uploads a Premium account holds unattached at once', async () => {
    const { cookie } = await t.signIn('vip');
    for (let i = 0; i < uploadLimits.maxPendingUploads; i++) expect((await uploadUrl(cookie, 10)).statusCode).toBe(200);
    const next = await uploadUrl(cookie, 10);
    expect(next.statusCode).toBe(429);
    expect(next.json().code).toBe('rate_limit:uploads');
  });
});

describe('profile picture uploads (issue 28, point 11)', () => {
  it('refuses an upload URL for more than 10 MB, and a PUT of more than was declared, also anonymously', async () => {
    const tooLarge = await inject(t.app, { method: 'POST', url: '/api/objects/upload', payload: { size: PROFILE_PICTURE_MAX_BYTES + 1 } });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error).toBe(`size: ${accountMessages.imageTooLarge}`);
    const { uploadURL } = (await inject(t.app, { method: 'POST', url: '/api/objects/upload', payload: { size: 1000 } })).json();
    expect((await put(uploadURL, Buffer.alloc(1001))).statusCode).toBe(413);
    expect((await put(uploadURL, Buffer.alloc(1000))).statusCode).toBe(200);
  });
});
