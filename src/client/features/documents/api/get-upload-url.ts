import type { UploadUrlResponse } from '#contract/documents.ts';
import { api } from '#client/lib/api-client.ts';

/** POST /api/documents/upload-url: a signed, expiring URL for one new file (refused when today's allowance is used). */
export function getUploadUrl() {
  return api.post<UploadUrlResponse>('/api/documents/upload-url');
}
