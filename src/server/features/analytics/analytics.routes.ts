import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageViewReportQuerySchema, pageViewReportSchema } from '#contract/analytics.ts';
import { pageViewInputSchema } from '#contract/consent.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { rateLimitConfig } from '#server/plugins/rate-limits.ts';
import { adminRoute, publicRoute } from '#server/plugins/route-access.ts';
import { requireUser } from '#server/plugins/session.ts';
import { type AnalyticsDeps, pageViewReport, recordPageView } from './analytics.service.ts';

export const analyticsRoutes: FastifyPluginAsyncZod<{ deps: AnalyticsDeps }> = async (app, { deps }) => {
  app.post(
    '/api/analytics/page-view',
    {
      schema: {
        tags: ['analytics'],
        body: pageViewInputSchema,
        response: { 204: z.null(), 400: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
      },
      // Generous: a person clicking around quickly, never a flood into the logs.
      config: { ...rateLimitConfig(120, 1, 'rate_limit:general'), ...publicRoute },
    },
    async (request, reply) => {
      await recordPageView(deps, request.body.path, request.user);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/admin/analytics/page-views',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Page views per UTC day and page (admins only)',
        querystring: pageViewReportQuerySchema,
        response: { 200: pageViewReportSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
      config: adminRoute,
    },
    async (request) => pageViewReport(deps, requireUser(request), request.query),
  );
};
