import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createDecisionInputSchema,
  decisionParamsSchema,
  decisionSchema,
  deleteDecisionResponseSchema,
  followUpResponseSchema,
  followUpsResponseSchema,
  listDecisionsQuerySchema,
  listDecisionsResponseSchema,
  updateDecisionInputSchema,
} from '#contract/decisions.ts';
import { errorResponseSchema, errorResponses } from '#contract/errors.ts';
import type { Clock } from '#server/clock.ts';
import { perAccountRateLimit } from '#server/plugins/rate-limits.ts';
import { callerOf } from '#server/plugins/session.ts';
import type { ChatDeps } from '#server/features/chat/index.ts';
import * as decisions from './decisions.service.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const tags = ['decisions'];

/** HTTP only: the decision log (every route the caller's own; another account's decision answers 404). Needs the reply engine registered first. */
export const decisionRoutes: FastifyPluginAsyncZod<{ deps: Omit<ChatDeps, 'replies'> & { clock: Clock } }> = async (app, { deps: base }) => {
  const deps: decisions.DecisionsDeps = { ...base, replies: app.replies };

  app.get(
    '/api/decisions',
    { schema: { tags, querystring: listDecisionsQuerySchema, response: { 200: listDecisionsResponseSchema, ...errors } } },
    async (request) => decisions.listDecisions(deps, callerOf(request), request.query),
  );

  app.get('/api/decisions/follow-ups', { schema: { tags, response: { 200: followUpsResponseSchema, ...errors } } }, async (request) =>
    decisions.listFollowUps(deps, callerOf(request)),
  );

  app.post(
    '/api/decisions',
    { schema: { tags, body: createDecisionInputSchema, response: { 201: decisionSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await decisions.createDecision(deps, callerOf(request), request.body)),
  );

  app.patch(
    '/api/decisions/:id',
    { schema: { tags, params: decisionParamsSchema, body: updateDecisionInputSchema, response: { 200: decisionSchema, ...errors } } },
    async (request) => decisions.updateDecision(deps, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/decisions/:id',
    { schema: { tags, params: decisionParamsSchema, response: { 200: deleteDecisionResponseSchema, ...errors } } },
    async (request) => decisions.deleteDecision(deps, callerOf(request), request.params.id),
  );

  // A follow-up asks the advisor: it is limited like a send.
  app.post(
    '/api/decisions/:id/follow-up',
    {
      schema: { tags, params: decisionParamsSchema, response: { 201: followUpResponseSchema, ...errors, 502: errorResponseSchema } },
      config: perAccountRateLimit(base.config.rateLimits.chatPerMinute),
    },
    async (request, reply) => reply.status(201).send(await decisions.startFollowUp(deps, callerOf(request), request.params.id)),
  );
};
