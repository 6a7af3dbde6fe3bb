import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingMessageResponseSchema,
  cancelIncompleteInputSchema,
  changePeriodInputSchema,
  createSubscriptionInputSchema,
  createSubscriptionResponseSchema,
  stripeConfigResponseSchema,
  subscriptionIdParamsSchema,
  subscriptionInfoSchema,
  subscriptionPricingResponseSchema,
} from '#contract/billing.ts';
import { errorResponses } from '#contract/errors.ts';
import { createStripeGateway } from '#server/billing/stripe-gateway.ts';
import { rateLimitConfig } from '#server/plugins/rate-limits.ts';
import { publicRoute } from '#server/plugins/route-access.ts';
import { requireUser } from '#server/plugins/session.ts';
import type { BillingDeps } from './billing-deps.ts';
import { handleStripeWebhook } from './billing-webhook.ts';
import * as billing from './billing.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 502, 503);

/** Spec section 7's billing calls, plus the webhook Stripe calls and the monthly/yearly switch. */
export const billingRoutes: FastifyPluginAsyncZod<{ deps: Omit<BillingDeps, 'gateway'> & { gateway?: BillingDeps['gateway'] } }> = async (app, options) => {
  const settings = options.deps.config.billing;
  const deps: BillingDeps = {
    ...options.deps,
    gateway: options.deps.gateway ?? (settings.enabled ? createStripeGateway({ secretKey: settings.secretKey, webhookSecret: settings.webhookSecret, apiUrl: settings.apiUrl }) : null),
  };
  // Creating subscriptions talks to Stripe: a per-address limit keeps a script from making thousands.
  const writeLimit = rateLimitConfig(30, 1, 'rate_limit:general');

  app.get('/api/stripe-config', { schema: { tags: ['billing'], response: { 200: stripeConfigResponseSchema } }, config: publicRoute }, async () => billing.stripeConfig(deps));

  app.post(
    '/api/create-embedded-subscription',
    { schema: { tags: ['billing'], body: createSubscriptionInputSchema, response: { 200: createSubscriptionResponseSchema, ...errors } }, config: writeLimit },
    async (request) => billing.createSubscription(deps, requireUser(request), request.body),
  );

  app.get(
    '/api/subscription-pricing/:subscriptionId',
    { schema: { tags: ['billing'], params: subscriptionIdParamsSchema, response: { 200: subscriptionPricingResponseSchema, ...errors } } },
    async (request) => billing.subscriptionPricing(deps, requireUser(request), request.params.subscriptionId),
  );

  app.post(
    '/api/cancel-incomplete-subscription',
    { schema: { tags: ['billing'], body: cancelIncompleteInputSchema, response: { 200: billingMessageResponseSchema, ...errors } }, config: writeLimit },
    async (request) => billing.cancelIncompleteSubscription(deps, requireUser(request), request.body.subscriptionId),
  );

  app.post(
    '/api/cancel-subscription',
    {
      schema: {
        tags: ['billing'],
        response: { 200: billingMessageResponseSchema.extend({ cancelAtPeriodEnd: z.boolean(), nextBillingDate: z.string().nullable() }), ...errors },
      },
      config: writeLimit,
    },
    async (request) => billing.cancelSubscription(deps, requireUser(request)),
  );

  app.post(
    '/api/change-subscription-period',
    { schema: { tags: ['billing'], body: changePeriodInputSchema, response: { 200: subscriptionInfoSchema.extend({ message: z.string() }), ...errors } }, config: writeLimit },
    async (request) => billing.changeSubscriptionPeriod(deps, requireUser(request), request.body.period),
  );

  app.get('/api/auth/subscription-info', { schema: { tags: ['billing'], response: { 200: subscriptionInfoSchema, ...errors } } }, async (request) =>
    billing.subscriptionInfo(deps, requireUser(request), request.isPremium),
  );

  // The webhook needs the body exactly as Stripe signed it, so JSON is not parsed in this scope.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Stripe signs it, not a session; its events are larger than the JSON routes' default limit allows.
    scope.post('/api/stripe/webhook', { schema: { hide: true }, config: publicRoute, bodyLimit: 1024 * 1024 }, async (request) =>
      handleStripeWebhook(deps, request.body as Buffer, request.headers['stripe-signature'] as string | undefined),
    );
  });
};
