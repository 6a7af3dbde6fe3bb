import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cookieConsentInputSchema, cookieConsentResponseSchema } from '#contract/consent.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as consent from './cookie-consent.service.ts';

/** Cookie consent of signed-in users (visitors keep theirs in the browser's localStorage). */
export const cookieConsentRoutes: FastifyPluginAsyncZod<{ deps: consent.CookieConsentDeps }> = async (app, { deps }) => {
  app.get(
    '/api/cookie-consent',
    { schema: { tags: ['consent'], response: { 200: cookieConsentResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema } } },
    async (request) => consent.getCookieConsent(deps, requireUser(request).id),
  );

  app.post(
    '/api/cookie-consent',
    {
      schema: {
        tags: ['consent'],
        body: cookieConsentInputSchema,
        response: { 200: cookieConsentResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => consent.setCookieConsent(deps, requireUser(request).id, request.body.cookiesAccepted),
  );
};
