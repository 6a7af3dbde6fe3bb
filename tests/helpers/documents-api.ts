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
  const processed = await inject(app, {
    method: 'POST',
    url: '/api/documents/process',
    cookie,
    payload: { objectStorageUrl: uploadURL.split('?')[0], filename: file.name, originalName: file.name, mimeType: file.type ?? '', size: body.length, executiveRole: 'CFO', sessionId, ...extra },
  });
  return { step: 'process' as const, response: processed, uploadURL };
}

/** Uploads and waits (through the job queue) until the analysis settled. */
export async function attachAndAnalyse(app: FastifyInstance, cookie: string, sessionId: string, file: { name: string; type?: string; body?: Buffer }): Promise<DocumentDto> {
  const { step, response } = await uploadDocument(app, cookie, sessionId, file);
  if (step !== 'process' || response.statusCode !== 201) throw new Error(`upload failed at ${step}: ${response.statusCode} ${response.body}`);
  const { document } = response.json() as { document: DocumentDto };
  await app.jobs.runUntilIdle();
  return (await inject(app, { method: 'GET', url: `/api/documents/${document.id}`, cookie })).json().document;
}
