import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ask, waitForMessage } from '#tests/helpers/chat-api.ts';
import { fixturePath, processUpload } from '#tests/helpers/documents-api.ts';
import { keyOfUploadUrl, s3StorageOf } from '#tests/helpers/s3-storage.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

// The S3 driver against a local S3-compatible server (tests/fakes/s3-server.ts): the browser's PUT
// goes over HTTP to the presigned URL, exactly as in production.
const t = useTestApp({}, { s3: true });

const storage = () => s3StorageOf(t.s3);

async function uploadUrl(cookie: string, size: number): Promise<string> {
  const response = await inject(t.app, { method: 'POST', url: '/api/documents/upload-url', cookie, payload: { size } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().uploadURL;
}

/** What a browser does: PUT the raw bytes with the file's type, nothing else. */
const put = (url: string, body: Buffer, type = 'application/octet-stream') => fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': type } });

describe('documents on the S3 driver', () => {
  it('uploads to a presigned URL, processes, analyses, downloads and deletes', async () => {
    const { cookie, session } = await t.conversation({ plan: 'admin', session: { executiveRole: 'CFO', industry: 'Finance' } });
    const body = readFileSync(fixturePath('budget.xlsx'));
    const uploadURL = await uploadUrl(cookie, body.length);
    const url = new URL(uploadURL);
    expect(url.origin).toBe(t.s3.endpoint);
    expect(url.pathname).toMatch(new RegExp(`^/${t.s3.bucket}/documents/`));
    // No checksum the browser could not send (requestChecksumCalculation: WHEN_REQUIRED).
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    // The page may send it there: the Content-Security-Policy allows the bucket's origin.
    const page = await inject(t.app, { method: 'GET', url: '/chat' });
    expect(page.headers['content-security-policy']).toMatch(new RegExp(`connect-src 'self' ${t.s3.endpoint}(;| )`));

    const stored = await put(uploadURL, body, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(stored.status, await stored.text()).toBe(200);

    const processed = await processUpload(t.app, cookie, { objectStorageUrl: uploadURL.split('?')[0]!, name: 'budget.xlsx', size: body.length, sessionId: session.id });
    expect(processed.statusCode, processed.body).toBe(201);
    const { document } = processed.json();
    expect(document).toMatchObject({ status: 'processing', size: body.length });

    await t.app.jobs.runUntilIdle();
    const ready = (await inject(t.app, { method: 'GET', url: `/api/documents/${document.id}`, cookie })).json().document;
    expect(ready).toMatchObject({ status: 'ready', extractionStatus: 'complete', sheetCount: 2 });
    expect(ready.analysis.executiveSummary).toContain('Chief Financial Officer in Finance');
    expect(ready.analysis.executiveSummary).toContain('4,870,000');

    // A reply reads it from the text extracted out of the bucket's copy.
    const sent = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages`, cookie, payload: { content: 'What is our marketing budget?', documentIds: [document.id] } });
    expect(sent.statusCode).toBe(201);
    expect((await waitForMessage(t.app, cookie, session.id, sent.json().assistantMessage.id)).content).toContain('4,870,000');

    const download = await inject(t.app, { method: 'GET', url: `/api/documents/${document.id}/download`, cookie });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(body)).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment; filename=budget.xlsx');
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    // Deleting the message removes the document, and the queued job removes the object from the bucket.
    expect(await storage().size(keyOfUploadUrl(uploadURL))).toBe(body.length);
    expect((await inject(t.app, { method: 'DELETE', url: `/api/messages/${sent.json().userMessage.id}`, cookie })).statusCode).toBe(200);
    await t.app.jobs.runUntilIdle();
    expect(await storage().size(keyOfUploadUrl(uploadURL))).toBeNull();
    expect((await inject(t.app, { method: 'GET', url: `/api/documents/${document.id}`, cookie })).statusCode).toBe(404);
  });

  it('refuses a tampered presigned URL, and processing of an object that was never uploaded or is not the caller\'s', async () => {
    const { cookie, session } = await t.conversation({ plan: 'admin' });
    const uploadURL = await uploadUrl(cookie, 5);
    const tampered = new URL(uploadURL);
    tampered.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await put(tampered.toString(), Buffer.from('hello'))).status).toBe(403);
    const otherKey = new URL(uploadURL);
    otherKey.pathname = otherKey.pathname.replace(/[0-9a-f-]{36}$/, crypto.randomUUID());
    expect((await put(otherKey.toString(), Buffer.from('hello'))).status).toBe(403);

    const process = (objectStorageUrl: string, asCookie = cookie, sessionId = session.id) =>
      processUpload(t.app, asCookie, { objectStorageUrl, name: 'a.txt', type: 'text/plain', size: 5, sessionId, executiveRole: 'CEO' });
    expect((await process(uploadURL.split('?')[0]!)).statusCode).toBe(404);

    // The size is signed: a body of another size is refused by the bucket (issue 28, point 5).
    expect((await put(uploadURL, Buffer.from('hello, and much more than was declared'), 'text/plain')).status).toBe(403);
    expect((await put(uploadURL, Buffer.from('hello'), 'text/plain')).status).toBe(200);
    const intruder = await t.conversation({ plan: 'admin' });
    expect((await process(uploadURL.split('?')[0]!, intruder.cookie, intruder.session.id)).statusCode).toBe(404);
    expect((await process(uploadURL.split('?')[0]!)).statusCode).toBe(201);
  });

  it('deletes the objects of a deleted conversation', async () => {
    const { cookie, session } = await t.conversation({ plan: 'admin' });
    const uploadURL = await uploadUrl(cookie, readFileSync(fixturePath('plan.txt')).length);
    expect((await put(uploadURL, readFileSync(fixturePath('plan.txt')), 'text/plain')).status).toBe(200);
    const processed = await processUpload(t.app, cookie, { objectStorageUrl: uploadURL.split('?')[0]!, name: 'plan.txt', type: 'text/plain', size: 63, sessionId: session.id, executiveRole: 'CEO' });
    expect(processed.statusCode).toBe(201);
    await t.app.jobs.runUntilIdle();
    await waitForMessage(t.app, cookie, session.id, (await ask(t.app, cookie, session.id, 'Summarise it', {})).assistantMessage.id);
    expect((await inject(t.app, { method: 'DELETE', url: `/api/chat-sessions/${session.id}`, cookie })).statusCode).toBeLessThan(300);
    await t.app.jobs.runUntilIdle();
    expect(await storage().size(keyOfUploadUrl(uploadURL))).toBeNull();
  });
});
