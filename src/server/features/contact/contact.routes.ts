import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactInputSchema, contactNotices, contactResponseSchema } from '#contract/contact.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { rateLimitConfig } from '#server/plugins/rate-limits.ts';
import { publicRoute } from '#server/plugins/route-access.ts';
import { type ContactDeps, submitContactMessage } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod<{ deps: ContactDeps }> = async (app, { deps }) => {
  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        body: contactInputSchema,
        response: { 201: contactResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
      },
      config: { ...rateLimitConfig(deps.config.rateLimits.contactPerHour, 60, 'rate_limit:general'), ...publicRoute },
    },
    async (request, reply) => {
      await submitContactMessage(deps, request.body, request.user?.id ?? null);
      return reply.status(201).send({ message: contactNotices.sent });
    },
  );
};
