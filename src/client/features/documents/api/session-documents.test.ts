import { describe, expect, it } from 'vitest';
import type { DocumentDto } from '#contract/documents.ts';
import { BACKGROUND_POLL_MS, documentsPollInterval } from './session-documents.ts';

const at = (status: DocumentDto['status'], createdAt: number) => ({ status, createdAt: new Date(createdAt).toISOString() }) as DocumentDto;

describe('documentsPollInterval', () => {
  it('does not poll when every analysis is settled', () => {
    expect(documentsPollInterval([at('ready', 0), at('failed', 0)], 1000)).toBe(false);
    expect(documentsPollInterval(undefined, 1000)).toBe(false);
  });

  it('polls every second for 30 s, then in the background until the analysis is done', () => {
    expect(documentsPollInterval([at('processing', 0)], 29_000)).toBe(1000);
    expect(documentsPollInterval([at('processing', 0)], 31_000)).toBe(BACKGROUND_POLL_MS);
  });
});
