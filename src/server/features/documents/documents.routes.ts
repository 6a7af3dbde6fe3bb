import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatSessionParamsSchema } from '#contract/chat.ts';
import {
  documentListResponseSchema,
  documentParamsSchema,
  documentResponseSchema,
  processDocumentInputSchema,
  uploadUrlInputSchema,
  uploadUrlResponseSchema,
} from '#contract/documents.ts';
import { errorResponses } from '#contract/errors.ts';
import { sendDownload } from '#server/plugins/file-responses.ts';
import { callerOf } from '#server/plugins/session.ts';
import * as documents from './documents.service.ts';

const errors = errorResponses(400, 401, 403, 404, 413, 429);
const tags = ['documents'];

/** HTTP only: upload URLs, processing, reading, downloading and deleting the caller's documents. */
export const documentRoutes: FastifyPluginAsyncZod<{ deps: documents.DocumentsDeps }> = async (app, { deps }) => {
  app.post('/api/documents/upload-url', { schema: { tags, body: uploadUrlInputSchema, response: { 200: uploadUrlResponseSchema, ...errors } } }, async (request) =>
    documents.createUploadUrl(deps, callerOf(request), request.body),
  );

  app.post('/api/documents/process', { schema: { tags, body: processDocumentInputSchema, response: { 201: documentResponseSchema, ...errors } } }, async (request, reply) => {
    const document = await documents.processDocument(deps, callerOf(request), request.body);
    return reply.code(201).send({ document });
  });

  app.get('/api/documents/:id', { schema: { tags, params: documentParamsSchema, response: { 200: documentResponseSchema, ...errors } } }, async (request) => ({
    document: await documents.getDocument(deps, callerOf(request), request.params.id),
  }));

  app.delete('/api/documents/:id', { schema: { tags, params: documentParamsSchema, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await documents.deleteDocument(deps, callerOf(request), request.params.id);
    return reply.code(204).send(null);
  });

  app.get('/api/chat-sessions/:id/documents', { schema: { tags, params: chatSessionParamsSchema, response: { 200: documentListResponseSchema, ...errors } } }, async (request) =>
    documents.listSessionDocuments(deps, callerOf(request), request.params.id),
  );

  // Always a download, never rendered: an uploaded HTML or SVG file must not run on our origin.
  app.get('/api/documents/:id/download', { schema: { tags, params: documentParamsSchema } }, async (request, reply) => {
    const { document, body } = await documents.openDownload(deps, callerOf(request), request.params.id);
    reply.header('content-security-policy', "default-src 'none'; sandbox");
    return sendDownload(reply, { body, fileName: document.originalName, contentType: 'application/octet-stream', size: document.size });
  });
};
