import { APICallError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { replyErrors } from '#contract/chat.ts';
import { describeProviderError } from './provider-errors.ts';

const apiError = (statusCode?: number) =>
  new APICallError({ message: 'provider said no: sk-secret', url: 'http://x', requestBodyValues: {}, statusCode, isRetryable: statusCode === 429 });

describe('describeProviderError', () => {
  it('turns provider failures into words a user can read, never the provider text', () => {
    expect(describeProviderError(apiError(429), { hadText: false })).toBe(replyErrors.rateLimited);
    expect(describeProviderError(apiError(503), { hadText: false })).toBe(replyErrors.unavailable);
    expect(describeProviderError(apiError(401), { hadText: false })).toBe(replyErrors.rejected);
    expect(describeProviderError(apiError(undefined), { hadText: false })).toBe(replyErrors.unreachable);
    expect(describeProviderError(new TypeError('terminated'), { hadText: true })).toBe(replyErrors.connectionLost);
    expect(describeProviderError(new Error('weird'), { hadText: false })).toBe(replyErrors.unavailable);
  });

  it('looks through the retry wrapper at the last attempt', () => {
    const retry = new RetryError({ message: 'failed after 3 attempts', reason: 'maxRetriesExceeded', errors: [apiError(500), apiError(429)] });
    expect(describeProviderError(retry, { hadText: false })).toBe(replyErrors.rateLimited);
  });
});
