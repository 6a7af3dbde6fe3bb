import { describe, expect, it, vi } from 'vitest';
import type { DocumentDto } from '#contract/documents.ts';
import { errorCatalog } from '#contract/errors-text.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { uploadDocument, type UploadCalls } from './upload-document.ts';
import { UploadError } from './upload-policy.ts';

const SESSION = '00000000-0000-4000-8000-00000000000a';

function doc(status: DocumentDto['status']): DocumentDto {
  return {
    id: 'd1', sessionId: SESSION, filename: 'x', originalName: 'plan.pdf', mimeType: 'application/pdf', size: 3, status,
    extractionStatus: 'complete', pageCount: 1, sheetCount: null, textChars: 3, extractionNotes: [], analysis: null, error: null,
    downloadUrl: '/api/documents/d1/download', createdAt: new Date(0).toISOString(),
  };
}

/** Calls answered by the test; time is a counter the fake sleep moves on. */
function fakeCalls(overrides: Partial<UploadCalls> = {}) {
  let clock = 0;
  const calls: UploadCalls = {
    getUploadUrl: vi.fn(async () => ({ uploadURL: '/api/storage/uploads/k?expires=1&signature=s', expiresAt: '' })),
    putFile: vi.fn(async () => {}),
    processDocument: vi.fn(async () => doc('processing')),
    getDocument: vi.fn(async () => doc('ready')),
    sleep: vi.fn(async (ms: number) => {
      clock += ms;
    }),
    now: () => clock,
    ...overrides,
  };
  return calls;
}

const file = new File(['abc'], 'plan.pdf', { type: 'application/pdf' });
const request = (signal = new AbortController().signal) => ({ file, sessionId: SESSION, executiveRole: 'CFO', timeoutMs: 60_000, signal });

describe('uploadDocument (spec sections 4, 8, 9)', () => {
  it('uploads, processes with the URL without its query string, and waits for the analysis', async () => {
    const calls = fakeCalls({ getDocument: vi.fn().mockResolvedValueOnce(doc('processing')).mockResolvedValue(doc('ready')) });
    const phases: string[] = [];
    const result = await uploadDocument(calls, { ...request(), onPhase: (phase) => phases.push(phase) });
    expect(result.status).toBe('ready');
    expect(phases).toEqual(['uploading', 'processing', 'analysing']);
    expect(calls.processDocument).toHaveBeenCalledWith(expect.objectContaining({ objectStorageUrl: '/api/storage/uploads/k', originalName: 'plan.pdf', size: 3, sessionId: SESSION }));
    expect(calls.getDocument).toHaveBeenCalledTimes(2);
    expect(calls.sleep).toHaveBeenCalledWith(1000, expect.anything());
  });

  it('tries a failed storage upload again, three attempts in all, then fails with its status', async () => {
    const putFile = vi.fn(async () => {
      throw new UploadError({ kind: 'storage', status: 503 }, 503);
    });
    const retries: string[] = [];
    const calls = fakeCalls({ putFile });
    await expect(uploadDocument(calls, { ...request(), onRetry: (attempt, of) => retries.push(`${attempt}/${of}`) })).rejects.toThrow('Storage upload failed with status 503');
    expect(putFile).toHaveBeenCalledTimes(3);
    expect(retries).toEqual(['2/3', '3/3']);
    // One upload URL for the three attempts, for the file's size: each URL holds that much of the account's storage.
    expect(calls.getUploadUrl).toHaveBeenCalledTimes(1);
    expect(calls.getUploadUrl).toHaveBeenCalledWith(3);
    expect(calls.sleep).toHaveBeenNthCalledWith(1, 1000, expect.anything());
    expect(calls.sleep).toHaveBeenNthCalledWith(2, 2000, expect.anything());
  });

  it('does not retry a 4xx answer from storage', async () => {
    const putFile = vi.fn(async () => {
      throw new UploadError({ kind: 'storage', status: 403 }, 403);
    });
    await expect(uploadDocument(fakeCalls({ putFile }), request())).rejects.toThrow('Storage upload failed with status 403');
    expect(putFile).toHaveBeenCalledTimes(1);
  });

  it('says it failed to get an upload URL, and hands an allowance refusal back as it is (for the upgrade dialog)', async () => {
    await expect(uploadDocument(fakeCalls({ getUploadUrl: vi.fn().mockRejectedValue(new ApiError(500, 'boom')) }), request())).rejects.toThrow('Failed to get upload URL');
    const refusal = new ApiError(429, 'used', 'rate_limit:attachments');
    await expect(uploadDocument(fakeCalls({ getUploadUrl: vi.fn().mockRejectedValue(refusal) }), request())).rejects.toBe(refusal);
    const full = new ApiError(413, errorCatalog['payload_too_large:storage'].message, 'payload_too_large:storage');
    await expect(uploadDocument(fakeCalls({ getUploadUrl: vi.fn().mockRejectedValue(full) }), request())).rejects.toThrow(errorCatalog['payload_too_large:storage'].message);
  });

  it('says Failed to process document when processing fails', async () => {
    await expect(uploadDocument(fakeCalls({ processDocument: vi.fn().mockRejectedValue(new ApiError(404, 'Upload not found')) }), request())).rejects.toThrow('Failed to process document');
  });

  it('stops at once when cancelled', async () => {
    const controller = new AbortController();
    const putFile = vi.fn(async () => {
      controller.abort();
      throw new UploadError({ kind: 'cancelled' });
    });
    await expect(uploadDocument(fakeCalls({ putFile }), request(controller.signal))).rejects.toThrow('Upload cancelled by user');
    expect(putFile).toHaveBeenCalledTimes(1);
  });

  it('refuses without a conversation', async () => {
    await expect(uploadDocument(fakeCalls(), { ...request(), sessionId: null })).rejects.toThrow('No chat session available (please refresh the page)');
  });

  it('stops waiting after 30 s of polling every second and answers the document still being analysed', async () => {
    const calls = fakeCalls({ getDocument: vi.fn(async () => doc('processing')) });
    const result = await uploadDocument(calls, request());
    expect(result.status).toBe('processing');
    expect(calls.getDocument).toHaveBeenCalledTimes(30);
  });
});
