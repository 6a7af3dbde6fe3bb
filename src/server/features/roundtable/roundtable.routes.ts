import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatSessionParamsSchema } from '#contract/chat.ts';
import { errorCatalog, errorResponseSchema, errorResponses } from '#contract/errors.ts';
import {
  createRoundtableInputSchema,
  listRoundtablesResponseSchema,
  roundtableParamsSchema,
  roundtableSchema,
  roundtableUsageQuerySchema,
  roundtableUsageSchema,
} from '#contract/roundtable.ts';
import { exportQuerySchema } from '#contract/history.ts';
import { pdfFile, sendDownload } from '#server/plugins/file-responses.ts';
import { perAccountRateLimit } from '#server/plugins/rate-limits.ts';
import { adminRoute } from '#server/plugins/route-access.ts';
import { callerOf } from '#server/plugins/session.ts';
import { parseRoundtableEventId } from './roundtable-view.ts';
import * as service from './roundtable.service.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const tags = ['roundtables'];
const boardPackPdf = pdfFile('The board pack');

export interface RoundtableRoutesOptions {
  deps: service.RoundtableDeps;
}

/** Roundtables over HTTP (decision 026); the runs themselves are roundtable.plugin.ts's. */
export const roundtableRoutes = fp<RoundtableRoutesOptions>(
  async (app, { deps }) => {
    await app.register(async (scoped) => {
      await scoped.register(routes, { deps });
    });
  },
  { name: 'roundtable-routes', dependencies: ['roundtables'] },
);

const routes: FastifyPluginAsyncZod<{ deps: service.RoundtableDeps }> = async (app, { deps }) => {
  // Every route that convenes model calls is limited per account per minute.
  const limit = perAccountRateLimit(deps.config.rateLimits.chatPerMinute);

  app.post(
    '/api/chat-sessions/:id/roundtables',
    { schema: { tags, params: chatSessionParamsSchema, body: createRoundtableInputSchema, response: { 201: roundtableSchema, ...errors } }, config: limit },
    async (request, reply) => reply.status(201).send(await service.createRoundtable(deps, callerOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/chat-sessions/:id/roundtables',
    { schema: { tags, params: chatSessionParamsSchema, response: { 200: listRoundtablesResponseSchema, ...errors } } },
    async (request) => ({ roundtables: await service.listRoundtables(deps, callerOf(request), request.params.id) }),
  );

  app.get('/api/roundtables/:id', { schema: { tags, params: roundtableParamsSchema, response: { 200: roundtableSchema, ...errors } } }, async (request) =>
    service.getRoundtable(deps, callerOf(request), request.params.id),
  );

  // Server-Sent Events: the owner check happens before the first byte; after that, errors become an 'error' event.
  app.get(
    '/api/roundtables/:id/stream',
    { schema: { tags, params: roundtableParamsSchema, response: { 401: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema } } },
    async (request, reply) => {
      await service.assertStreamable(deps, callerOf(request), request.params.id);
      const connection = app.eventStreams.start(request, reply, callerOf(request).user.id);
      try {
        const follower = await deps.runner.follow(request.params.id, parseRoundtableEventId(request.headers['last-event-id']), connection);
        connection.onClose(() => follower.stop());
      } catch (err) {
        request.log.error({ err }, 'roundtable stream failed');
        connection.send('error', '0', { message: errorCatalog['internal:unexpected'].message });
        connection.end();
      }
    },
  );

  app.post('/api/roundtables/:id/stop', { schema: { tags, params: roundtableParamsSchema, response: { 200: roundtableSchema, ...errors } } }, async (request) =>
    service.stopRoundtable(deps, callerOf(request), request.params.id),
  );

  app.post(
    '/api/roundtables/:id/resume',
    { schema: { tags, params: roundtableParamsSchema, response: { 202: roundtableSchema, ...errors } }, config: limit },
    async (request, reply) => reply.status(202).send(await service.resumeRoundtable(deps, callerOf(request), request.params.id)),
  );

  app.get(
    '/api/roundtables/:id/export/pdf',
    { schema: { tags, params: roundtableParamsSchema, querystring: exportQuerySchema, response: { 200: boardPackPdf, ...errors, 503: errorResponseSchema } }, config: limit },
    async (request, reply) => sendDownload(reply, await service.exportBoardPack(deps, callerOf(request), request.params.id, request.query.tz)),
  );

  app.get(
    '/api/admin/roundtables/usage',
    { config: adminRoute, schema: { tags, summary: 'Tokens roundtables spent per UTC day (admins only)', querystring: roundtableUsageQuerySchema, response: { 200: roundtableUsageSchema, ...errors } } },
    async (request) => service.roundtableUsage(deps, callerOf(request), request.query.days),
  );
};
