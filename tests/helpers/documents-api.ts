import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { DocumentDto } from '#contract/documents.ts';
import { inject } from './test-app.ts';

export const fixturePath = (name: string) => new URL(`../fixtures/documents/${name}`, import.meta.url).pathname;

/** The three calls of the spec's upload flow through the API; answers each response. */
export async function uploadDocument(
  app: FastifyInstance,
  cookie: string,
  sessionId: string,
  file: { name: string; type?: string; body?: Buffer },
  extra: Record<string, unknown> = {},
) {
  const body = file.body ?? readFileSync(fixturePath(file.name));
  const urlResponse = await inject(app, { method: 'POST', url: '/api/documents/upload-url', cookie, payload: { size: body.length } });
  if (urlResponse.statusCode !== 200) return { step: 'upload-url' as const, response: urlResponse };
  const { uploadURL } = urlResponse.json() as { uploadURL: string };
  const put = await app.inject({ method: 'PUT', url: uploadURL, payload: body, headers: { 'content-type': file.type ?? 'application/octet-stream' } });
  if (put.statusCode !== 200) return { step: 'put' as const, response: put, uploadURL };
  const processed = await processUpload(app, cookie, { objectStorageUrl: uploadURL.split('?')[0]!, name: file.name, type: file.type, size: body.length, sessionId }, extra);
  return { step: 'process' as const, response: processed, uploadURL };
}

/** POST /api/documents/process: attaches an uploaded object, under `name`, to the caller's conversation (as the CFO unless said). */
export function processUpload(
  app: FastifyInstance,
  cookie: string,
  upload: { objectStorageUrl: string; name: string; type?: string; size: number; sessionId: string; executiveRole?: string },
  extra: Record<string, unknown> = {},
) {
  const { objectStorageUrl, name, type = '', size, sessionId, executiveRole = 'CFO' } = upload;
  return inject(app, {
    method: 'POST',
    url: '/api/documents/process',
    cookie,
    payload: { objectStorageUrl, filename: name, originalName: name, mimeType: type, size, executiveRole, sessionId, ...extra },
  });
}

/** Uploads and waits (through the job queue) until the analysis settled. */
export async function attachAndAnalyse(app: FastifyInstance, cookie: string, sessionId: string, file: { name: string; type?: string; body?: Buffer }): Promise<DocumentDto> {
  const { step, response } = await uploadDocument(app, cookie, sessionId, file);
  if (step !== 'process' || response.statusCode !== 201) throw new Error(`upload failed at ${step}: ${response.statusCode} ${response.body}`);
  const { document } = response.json() as { document: DocumentDto };
  await app.jobs.runUntilIdle();
  return (await inject(app, { method: 'GET', url: `/api/documents/${document.id}`, cookie })).json().document;
}
