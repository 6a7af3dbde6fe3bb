import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { uploadText } from '#contract/documents.ts';
import { errorCatalog } from '#contract/errors-text.ts';
import { type ChatMessage, documents, users } from '#server/db/schema.ts';
import { eq } from 'drizzle-orm';
import { claimJob, insertJob } from '#server/jobs/jobs.queries.ts';
import { documentsContextProvider } from './documents-context.ts';
import { insertDocument, saveExtraction } from './documents.queries.ts';
import { accountOwner } from '#server/db/ownership.ts';
import { LocalObjectStorage } from '#server/storage/local-storage.ts';
import { newObjectKey } from '#server/storage/object-storage.ts';
import { ask, waitForMessage } from '#tests/helpers/chat-api.ts';
import { attachAndAnalyse, processUpload, uploadDocument } from '#tests/helpers/documents-api.ts';
import { inject } from '#tests/helpers/test-app.ts';
import { useTestApp } from '#tests/helpers/use-test-app.ts';

const t = useTestApp();
const storedFile = (uploadURL: string) => path.join(t.config.dataDir, 'uploads', ...uploadURL.split('?')[0]!.replace('/api/storage/uploads/', '').split('/'));

describe('documents on local storage', () => {
  it('uploads through a signed URL, processes in a durable job and answers a persona analysis', async () => {
    const { cookie, session } = await t.conversation({ session: { executiveRole: 'CFO', industry: 'Finance' } });
    const { response, uploadURL } = await uploadDocument(t.app, cookie, session.id, { name: 'board-update.pdf', type: 'application/pdf' });
    expect(response.statusCode).toBe(201);
    expect(existsSync(storedFile(uploadURL!))).toBe(true);
    const { document } = response.json();
    expect(document).toMatchObject({ status: 'processing', originalName: 'board-update.pdf', sessionId: session.id });

    await t.app.jobs.runUntilIdle();
    const ready = (await inject(t.app, { method: 'GET', url: `/api/documents/${document.id}`, cookie })).json().document;
    expect(ready).toMatchObject({ status: 'ready', extractionStatus: 'complete', pageCount: 2 });
    expect(ready.analysis.executiveSummary).toContain('Chief Financial Officer in Finance');
    expect(ready.analysis.executiveSummary).toContain('48 million dollars');
    expect(ready.analysis.keyPoints.length).toBeGreaterThan(0);
    expect(ready.analysis.risks.join(' ')).toContain('customer concentration');
    expect(ready.analysis.questions.length).toBeGreaterThan(0);

    const list = await inject(t.app, { method: 'GET', url: `/api/chat-sessions/${session.id}/documents`, cookie });
    expect(list.json().map((d: { id: string }) => d.id)).toEqual([document.id]);
  });

  it('downloads only as an attachment, never sniffed or rendered', async () => {
    const { cookie, session } = await t.conversation({ plan: 'admin' });
    const document = await attachAndAnalyse(t.app, cookie, session.id, { name: 'memo.html', type: 'text/html' });
    const download = await inject(t.app, { method: 'GET', url: document.downloadUrl, cookie });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename=memo.html');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.body).toContain('<h1>Pricing memo</h1>');
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('downloads under its own name whatever its characters: an ASCII fallback and the UTF-8 name (RFC 6266)', async () => {
    const { cookie, session } = await t.conversation({ plan: 'admin' });
    const document = await attachAndAnalyse(t.app, cookie, session.id, { name: 'Übersicht – Q3 "final".txt', type: 'text/plain', body: Buffer.from('Revenue grew 12% in Q3.') });
    const download = await inject(t.app, { method: 'GET', url: document.downloadUrl, cookie });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="?bersicht ? Q3 \\"final\\".txt"; filename*=UTF-8''%C3%9Cbersicht%20%E2%80%93%20Q3%20%22final%22.txt`);
  });

  it('says honestly when a file cannot be read, and still attaches it', async () => {
    const { cookie, session } = await t.conversation({ plan: 'admin' });
    const document = await attachAndAnalyse(t.app, cookie, session.id, { name: 'random.bin' });
    expect(document).toMatchObject({ status: 'ready', extractionStatus: 'unreadable' });
    expect(document.analysis!.executiveSummary).toContain('could not read any text in "random.bin"');
    expect(document.analysis!.limitations).toEqual(['The file is not text, and its type is not one that can be read.']);
  });

  it('lets exactly one of 20 parallel uploads of a free user through, and refuses the next upload URL', async () => {
    const { cookie, session } = await t.conversation();
    const results = await Promise.all(Array.from({ length: 20 }, () => uploadDocument(t.app, cookie, session.id, { name: 'plan.txt', type: 'text/plain' })));
    const statuses = results.map((result) => `${result.step}:${result.response.statusCode}`);
    expect(statuses.filter((s) => s === 'process:201')).toHaveLength(1);
    // The others: refused for the day (429), or their upload URL replaced by a newer one before the file went (403 at the PUT, 404 at processing; decision 052).
    expect(statuses.filter((s) => s !== 'process:201').every((s) => ['upload-url:429', 'process:429', 'put:403', 'process:404'].includes(s)), statuses.join(' ')).toBe(true);
    const usage = (await inject(t.app, { method: 'GET', url: '/api/chat/usage', cookie })).json();
    expect(usage).toMatchObject({ attachmentsUsed: 1, attachmentsLimit: 1 });
    const next = await inject(t.app, { method: 'POST', url: '/api/documents/upload-url', cookie, payload: { size: 10 } });
    expect(next.statusCode).toBe(429);
    expect(next.json().code).toBe('rate_limit:attachments');
    // The refused uploads' files do not stay behind.
    const refused = results.filter((result) => result.step === 'process' && result.response.statusCode === 429);
    for (const result of refused) expect(existsSync(storedFile(result.uploadURL!))).toBe(false);
  });

  it("refuses a Free account's analysis by a Premium-only executive, with the contract's words, and charges nothing", async () => {
    const { cookie, session } = await t.conversation();
    const { step, response } = await uploadDocument(t.app, cookie, session.id, { name: 'plan.txt', type: 'text/plain' }, { executiveRole: 'CISO' });
    expect(step).toBe('process');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: errorCatalog['forbidden:role'].message, code: 'forbidden:role' });
    expect((await inject(t.app, { method: 'GET', url: '/api/chat/usage', cookie })).json()).toMatchObject({ attachmentsUsed: 0 });
    expect((await uploadDocument(t.app, cookie, session.id, { name: 'plan.txt', type: 'text/plain' }, { executiveRole: 'CFO' })).response.statusCode).toBe(201);
  });

  it('gives Premium users unlimited attachments', async () => {
    const { cookie, session } = await t.conversation({ plan: 'vip' });
    for (let i = 0; i < 3; i++) expect((await uploadDocument(t.app, cookie, session.id, { name: 'notes.md' })).response.statusCode).toBe(201);
    expect((await inject(t.app, { method: 'GET', url: '/api/chat/usage', cookie })).json()).toMatchObject({ attachmentsLimit: -1 });
  });

  it("answers 404 for another user's document, upload URL and conversation", async () => {
    const owner = await t.conversation({ plan: 'admin' });
    const document = await attachAndAnalyse(t.app, owner.cookie, owner.session.id, { name: 'plan.txt' });
    const intruder = await t.conversation({ plan: 'admin' });
    for (const url of [`/api/documents/${document.id}`, document.downloadUrl, `/api/chat-sessions/${owner.session.id}/documents`]) {
      const response = await inject(t.app, { method: 'GET', url, cookie: intruder.cookie });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await inject(t.app, { method: 'DELETE', url: `/api/documents/${document.id}`, cookie: intruder.cookie })).statusCode).toBe(404);
    // The owner's fresh upload, claimed by the intruder for their own conversation.
    const urlResponse = await inject(t.app, { method: 'POST', url: '/api/documents/upload-url', cookie: owner.cookie, payload: { size: 6 } });
    const { uploadURL } = urlResponse.json();
    await t.app.inject({ method: 'PUT', url: uploadURL, payload: 'secret', headers: { 'content-type': 'text/plain' } });
    const stolen = await processUpload(t.app, intruder.cookie, { objectStorageUrl: uploadURL.split('?')[0]!, name: 'x.txt', type: 'text/plain', size: 6, sessionId: intruder.session.id, executiveRole: 'CEO' });
    expect(stolen.statusCode).toBe(404);
    // Into someone else's conversation.
    const { response } = await uploadDocument(t.app, intruder.cookie, owner.session.id, { name: 'plan.txt' });
    expect(response.json().code).toBe('not_found:chat_session');
  });

  it('refuses tampered, expired, reused and path-traversing upload URLs', async () => {
    const { cookie, session } = await t.conversation({ plan: 'admin' });
    const { uploadURL } = (await inject(t.app, { method: 'POST', url: '/api/documents/upload-url', cookie, payload: { size: 4 } })).json();
    const put = (url: string) => t.app.inject({ method: 'PUT', url, payload: 'data', headers: { 'content-type': 'text/plain' } });
    const otherKey = uploadURL.replace(/\/[0-9a-f-]{36}\?/, `/${crypto.randomUUID()}?`);
    expect((await put(otherKey)).statusCode).toBe(403);
    expect((await put(uploadURL.replace(/expires=\d+/, 'expires=9999999999'))).statusCode).toBe(403);
    expect((await put(uploadURL.replace(/signature=[^&]+/, 'signature=forged'))).statusCode).toBe(403);
    // The router normalises the dots away (404), and a key is never a path in any case.
    expect([403, 404]).toContain((await put(`/api/storage/uploads/documents/../../../etc/passwd?expires=9999999999&signature=x`)).statusCode);
    expect((await put(`/api/storage/uploads/documents/%2e%2e%2f%2e%2e%2fdb?expires=9999999999&signature=x`)).statusCode).toBe(403);
    // An expired URL, signed with the same key (an instance sharing UPLOAD_SIGNING_SECRET).
    const storage = new LocalObjectStorage({ dir: t.config.dataDir, signingSecret: 'x'.repeat(32), maxBytes: 10 });
    const expired = await storage.createUploadUrl(newObjectKey('documents', crypto.randomUUID()), -1, 10);
    const query = Object.fromEntries(new URL(expired, 'http://x').searchParams);
    expect(() => storage.verifyUpload(storage.keyFromUploadUrl(expired)!, query)).toThrow('This upload URL has expired');
    expect((await put(uploadURL)).statusCode).toBe(200);
    expect((await put(uploadURL)).statusCode).toBe(409);
    const traversal = await processUpload(t.app, cookie, { objectStorageUrl: '/api/storage/uploads/documents/../../db', name: 'x', size: 1, sessionId: session.id, executiveRole: 'CEO' });
    expect(traversal.statusCode).toBe(404);
  });

  it('resumes a job whose worker died mid-job', async () => {
    const { cookie, session } = await t.conversation({ plan: 'admin' });
    const { response } = await uploadDocument(t.app, cookie, session.id, { name: 'notes.md' });
    const { document } = response.json();
    await t.app.jobs.runUntilIdle();
    // Another instance takes the document's analysis and dies: its lease (1 ms here) runs out with the job
    // unfinished. Queued and claimed in one transaction, so this instance's worker cannot take it first.
    await t.database.db.update(documents).set({ status: 'processing', analysis: null }).where(eq(documents.id, document.id));
    const claimed = await t.database.db.transaction(async (tx) => {
      await insertJob(tx, { kind: 'documents.analyse', payload: { documentId: document.id }, maxAttempts: 5 });
      return claimJob(tx, ['documents.analyse'], 1);
    });
    expect(claimed?.payload).toEqual({ documentId: document.id });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.app.jobs.runUntilIdle();
    const after = (await inject(t.app, { method: 'GET', url: `/api/documents/${document.id}`, cookie })).json().document;
    expect(after.status).toBe('ready');
    expect(after.analysis.keyPoints.join(' ')).toContain('partner programme');
  });

  it('deletes documents with their message, their conversation, and from storage', async () => {
    const { cookie, session } = await t.conversation({ plan: 'admin' });
    const first = await uploadDocument(t.app, cookie, session.id, { name: 'plan.txt' });
    const firstDoc = first.response.json().document;
    await t.app.jobs.runUntilIdle();
    const sent = await ask(t.app, cookie, session.id, 'What does the plan say?', {});
    await waitForMessage(t.app, cookie, session.id, sent.assistantMessage.id);
    const withDocument = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages`, cookie, payload: { content: 'Hiring?', documentIds: [firstDoc.id] } });
    const { userMessage, assistantMessage } = withDocument.json();
    await waitForMessage(t.app, cookie, session.id, assistantMessage.id);
    expect((await inject(t.app, { method: 'DELETE', url: `/api/messages/${userMessage.id}`, cookie })).statusCode).toBe(200);
    expect((await inject(t.app, { method: 'GET', url: `/api/documents/${firstDoc.id}`, cookie })).statusCode).toBe(404);
    await t.app.jobs.runUntilIdle();
    expect(existsSync(storedFile(first.uploadURL!))).toBe(false);

    const second = await uploadDocument(t.app, cookie, session.id, { name: 'notes.md' });
    const secondDoc = second.response.json().document;
    expect((await inject(t.app, { method: 'DELETE', url: `/api/chat-sessions/${session.id}`, cookie })).statusCode).toBeLessThan(300);
    await t.app.jobs.runUntilIdle();
    expect((await inject(t.app, { method: 'GET', url: `/api/documents/${secondDoc.id}`, cookie })).statusCode).toBe(404);
    expect(existsSync(storedFile(second.uploadURL!))).toBe(false);
  });

  it('deletes every document of an account, rows and files, when the account row goes (what account deletion does)', async () => {
    const { cookie, session, user } = await t.conversation({ plan: 'admin' });
    const uploaded = await uploadDocument(t.app, cookie, session.id, { name: 'plan.txt' });
    const { document } = uploaded.response.json();
    await t.app.jobs.runUntilIdle();
    expect(existsSync(storedFile(uploaded.uploadURL!))).toBe(true);
    await t.database.db.delete(users).where(eq(users.id, user.id));
    await t.app.jobs.runUntilIdle();
    expect(await t.database.db.select().from(documents).where(eq(documents.id, document.id))).toEqual([]);
    expect(existsSync(storedFile(uploaded.uploadURL!))).toBe(false);
  });

  it('gives replies the documents: a question about a figure in a spreadsheet gets a reply that quotes it', async () => {
    const { cookie, session, user } = await t.conversation({ plan: 'admin', session: { executiveRole: 'CFO', industry: 'Finance' } });
    const document = await attachAndAnalyse(t.app, cookie, session.id, { name: 'budget.xlsx' });
    const sent = await inject(t.app, { method: 'POST', url: `/api/chat-sessions/${session.id}/messages`, cookie, payload: { content: 'What is our marketing budget?', documentIds: [document.id] } });
    expect(sent.statusCode).toBe(201);
    const reply = await waitForMessage(t.app, cookie, session.id, sent.json().assistantMessage.id);
    expect(reply.status).toBe('complete');
    // The demo reads it through read_document (issue 32) and cites the passage it quotes.
    expect(reply.content).toContain('I read "budget.xlsx" (sheet Costs, rows 1–3) [1]:\n- `Marketing budget | 4,870,000` [1]');
    const history = (await inject(t.app, { method: 'GET', url: `/api/users/${user.id}/chat-sessions`, cookie })).json();
    expect(history.sessions[0]).toMatchObject({ id: session.id, documentCount: 1 });
  });

  it('reads the passages that match the question when a document does not fit the budget, and says which', async () => {
    const { cookie, session, user } = await t.conversation({ plan: 'admin' });
    const document = await attachAndAnalyse(t.app, cookie, session.id, { name: 'board-update.pdf' });
    const provider = documentsContextProvider({ db: t.database.db, config: { ai: { ...t.config.ai, contextTokens: 300 } } });
    const question = { role: 'user', content: 'Who proposes the Berlin office?', documentIds: [document.id] } as ChatMessage;
    const job = { messageId: crypto.randomUUID(), sessionId: session.id, userId: user.id, executiveRole: 'CEO', industry: 'Technology', userRole: 'CEO', chargedDay: null };
    const context = await provider({ job, history: [question], signal: new AbortController().signal });
    const text = JSON.stringify(context!.messages);
    expect(text).toContain('read: parts: Page 1');
    expect(text).toContain('Berlin office');
    expect(context!.system).toContain('say which parts you read');
    // Someone else's document id in a message gives nothing.
    const stranger = await t.signIn('admin');
    expect(await provider({ job: { ...job, userId: stranger.user.id }, history: [question], signal: new AbortController().signal })).toBeNull();
  });

  it('gives a reply a document whose text is extracted while its analysis is still being written, and none before that', async () => {
    const { cookie, session, user } = await t.conversation({ plan: 'admin' });
    // A document as an upload leaves it, but with no processing job: the queue (running in this app) would
    // otherwise analyse it meanwhile, and on a slow machine did, before the status was read.
    const document = await insertDocument(t.database.db, accountOwner(user.id), {
      sessionId: session.id,
      filename: 'plan.txt',
      originalName: 'plan.txt',
      mimeType: 'text/plain',
      size: 28,
      storageKey: newObjectKey('documents', user.id),
      executiveRole: 'CEO',
      industry: 'Technology',
    });
    const provider = documentsContextProvider({ db: t.database.db, config: { ai: t.config.ai } });
    const question = { role: 'user', content: 'What is the plan?', documentIds: [document.id] } as ChatMessage;
    const job = { messageId: crypto.randomUUID(), sessionId: session.id, userId: user.id, executiveRole: 'CEO', industry: 'Technology', userRole: 'CEO', chargedDay: null };
    const ask = () => provider({ job, history: [question], signal: new AbortController().signal });
    expect(await ask()).toBeNull();
    await saveExtraction(t.database.db, document.id, { content: 'Open a Berlin office in May.', textChars: 28, pageCount: null, sheetCount: null, extractionStatus: 'complete', extractionNotes: [], chunks: [{ label: 'Text', content: 'Open a Berlin office in May.' }] });
    expect((await inject(t.app, { method: 'GET', url: `/api/documents/${document.id}`, cookie })).json().document.status).toBe('processing');
    expect(JSON.stringify((await ask())!.messages)).toContain('Open a Berlin office in May.');
  });

  it('keeps the spec wording of the upload notices', () => {
    expect(uploadText.tooLarge).toEqual({ title: 'File too large', description: 'Please select a file smaller than 100MB' });
    expect(uploadText.failedTitle).toBe('Upload Failed');
  });
});
