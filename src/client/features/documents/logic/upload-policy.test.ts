import { describe, expect, it } from 'vitest';
import { backoffMs, describeUploadFailure, isRetryable, uploadTimeoutMs, UploadError, withUploadRetries } from './upload-policy.ts';

describe('upload policy (spec section 9)', () => {
  it('times out after 60 s, 90 s on mobile, at least 120 s on 2g and 90 s on 3g', () => {
    expect(uploadTimeoutMs(false)).toBe(60_000);
    expect(uploadTimeoutMs(true)).toBe(90_000);
    expect(uploadTimeoutMs(false, { effectiveType: '2g' })).toBe(120_000);
    expect(uploadTimeoutMs(false, { effectiveType: 'slow-2g' })).toBe(120_000);
    expect(uploadTimeoutMs(false, { effectiveType: '3g' })).toBe(90_000);
    expect(uploadTimeoutMs(false, { effectiveType: '4g' })).toBe(60_000);
  });

  it('backs off 1 s doubling to a cap of 8 s', () => {
    expect([2, 3, 4, 5, 6].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 8000]);
  });

  it('says every Upload Failed message of section 8', () => {
    expect(describeUploadFailure({ kind: 'upload-url' })).toBe('Failed to get upload URL');
    expect(describeUploadFailure({ kind: 'storage', status: 503 })).toBe('Storage upload failed with status 503');
    expect(describeUploadFailure({ kind: 'network' })).toBe('Network error during upload');
    expect(describeUploadFailure({ kind: 'timeout', timeoutMs: 60_000 })).toBe('Upload timed out after 60 seconds');
    expect(describeUploadFailure({ kind: 'cancelled' })).toBe('Upload cancelled by user');
    expect(describeUploadFailure({ kind: 'process' })).toBe('Failed to process document');
    expect(describeUploadFailure({ kind: 'no-session' })).toBe('No chat session available (please refresh the page)');
  });

  it('does not retry 4xx or a cancellation; retries network errors, timeouts and 5xx', () => {
    expect(isRetryable(new UploadError({ kind: 'storage', status: 403 }, 403))).toBe(false);
    expect(isRetryable(new UploadError({ kind: 'cancelled' }))).toBe(false);
    expect(isRetryable(new UploadError({ kind: 'storage', status: 503 }, 503))).toBe(true);
    expect(isRetryable(new UploadError({ kind: 'network' }))).toBe(true);
    expect(isRetryable(new UploadError({ kind: 'timeout', timeoutMs: 1 }))).toBe(true);
  });

  it('tries 3 times with the backoff, then gives the last error', async () => {
    const waits: number[] = [];
    const retries: string[] = [];
    let calls = 0;
    const failing = withUploadRetries(
      async () => {
        calls++;
        throw new UploadError({ kind: 'network' });
      },
      { signal: new AbortController().signal, onRetry: (n, of) => retries.push(`${n}/${of}`), sleep: async (ms) => void waits.push(ms) },
    );
    await expect(failing).rejects.toThrow('Network error during upload');
    expect(calls).toBe(3);
    expect(waits).toEqual([1000, 2000]);
    expect(retries).toEqual(['2/3', '3/3']);
  });

  it('stops at once on a 4xx and when cancelled', async () => {
    let calls = 0;
    await expect(
      withUploadRetries(async () => {
        calls++;
        throw new UploadError({ kind: 'storage', status: 413 }, 413);
      }, { signal: new AbortController().signal, sleep: async () => {} }),
    ).rejects.toThrow('Storage upload failed with status 413');
    expect(calls).toBe(1);
    const controller = new AbortController();
    controller.abort();
    await expect(withUploadRetries(async () => 'never', { signal: controller.signal })).rejects.toThrow('Upload cancelled by user');
  });
});
