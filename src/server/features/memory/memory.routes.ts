import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '#contract/errors.ts';
import {
  createFactInputSchema,
  deleteFactResponseSchema,
  factParamsSchema,
  factSchema,
  memoryExportQuerySchema,
  memoryResponseSchema,
  memorySettingsInputSchema,
  pinDocumentInputSchema,
  pinnableResponseSchema,
  pinnedDocumentSchema,
  pinParamsSchema,
  unpinResponseSchema,
  proposalsQuerySchema,
  proposalsResponseSchema,
  updateFactInputSchema,
  updateProfileInputSchema,
} from '#contract/memory.ts';
import { sendDownload } from '#server/plugins/file-responses.ts';
import { perAccountRateLimit } from '#server/plugins/rate-limits.ts';
import { callerOf } from '#server/plugins/session.ts';
import * as memory from './memory.service.ts';
import * as pins from './pins.service.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const tags = ['memory'];
const exportFile = z.string().describe('The company memory as Markdown (text/markdown) or JSON (application/json)');

/** HTTP only: company memory (decision 073). Every route is the caller's own; another account's fact answers 404. */
export const memoryRoutes: FastifyPluginAsyncZod<{ deps: memory.MemoryDeps }> = async (app, { deps }) => {
  app.get('/api/memory', { schema: { tags, response: { 200: memoryResponseSchema, ...errors } } }, async (request) => memory.getMemory(deps, callerOf(request)));

  app.patch('/api/memory/profile', { schema: { tags, body: updateProfileInputSchema, response: { 200: memoryResponseSchema, ...errors } } }, async (request) =>
    memory.updateProfile(deps, callerOf(request), request.body),
  );

  app.patch('/api/memory/settings', { schema: { tags, body: memorySettingsInputSchema, response: { 200: memoryResponseSchema, ...errors } } }, async (request) =>
    memory.setPaused(deps, callerOf(request), request.body.paused),
  );

  app.post('/api/memory/facts', { schema: { tags, body: createFactInputSchema, response: { 201: factSchema, ...errors } } }, async (request, reply) =>
    reply.status(201).send(await memory.createFact(deps, callerOf(request), request.body)),
  );

  app.patch('/api/memory/facts/:id', { schema: { tags, params: factParamsSchema, body: updateFactInputSchema, response: { 200: factSchema, ...errors } } }, async (request) =>
    memory.updateFact(deps, callerOf(request), request.params.id, request.body),
  );

  app.delete('/api/memory/facts/:id', { schema: { tags, params: factParamsSchema, response: { 200: deleteFactResponseSchema, ...errors } } }, async (request) =>
    memory.deleteFact(deps, callerOf(request), request.params.id),
  );

  app.get('/api/memory/proposals', { schema: { tags, querystring: proposalsQuerySchema, response: { 200: proposalsResponseSchema, ...errors } } }, async (request) =>
    memory.listProposals(deps, callerOf(request), request.query.sessionId),
  );

  // Pinned documents (decision 082): Premium to pin; unpinning stays open; another account's document answers 404.
  app.post('/api/memory/pins', { schema: { tags, body: pinDocumentInputSchema, response: { 201: pinnedDocumentSchema, ...errors } } }, async (request, reply) =>
    reply.status(201).send(await pins.pinDocument(deps, callerOf(request), request.body.documentId)),
  );

  app.delete('/api/memory/pins/:documentId', { schema: { tags, params: pinParamsSchema, response: { 200: unpinResponseSchema, ...errors } } }, async (request) =>
    pins.unpinDocument(deps, callerOf(request), request.params.documentId),
  );

  app.get('/api/memory/pinnable', { schema: { tags, response: { 200: pinnableResponseSchema, ...errors } } }, async (request) => pins.listPinnable(deps, callerOf(request)));

  app.get(
    '/api/memory/export',
    { schema: { tags, querystring: memoryExportQuerySchema, response: { 200: exportFile, ...errors } }, config: perAccountRateLimit(20) },
    async (request, reply) => sendDownload(reply, await memory.exportMemory(deps, callerOf(request), request.query.format)),
  );
};
