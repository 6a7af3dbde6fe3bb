import type { UploadUrlResponse } from '#contract/documents.ts';
import { api } from '#client/lib/api-client.ts';

/** POST /api/documents/upload-url: a signed, expiring URL for one new file of this size (refused when today's allowance is used or storage is full). */
export function getUploadUrl(size: number) {
  return api.post<UploadUrlResponse>('/api/documents/upload-url', { size });
}
