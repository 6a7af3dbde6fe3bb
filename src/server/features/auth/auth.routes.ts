import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponses,
  authUserResponseSchema,
  forgotPasswordInputSchema,
  messageResponseSchema,
  resetPasswordInputSchema,
  signInInputSchema,
  signUpInputSchema,
  verifyEmailInputSchema,
} from '#contract/auth.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { rateLimitConfig } from '#server/plugins/rate-limits.ts';
import { clearSessionCookie, requireUser, sessionToken, setSessionCookie } from '#server/plugins/session.ts';
import type { AuthDeps, SignUpDeps } from './auth.service.ts';
import * as auth from './auth.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

export const authRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps & SignUpDeps }> = async (app, { deps }) => {
  const { config } = deps;
  const limits = config.rateLimits;
  // Reset requests still being worked on after their answer: closing waits for them.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
  });

  app.get('/api/auth/me', { schema: { tags: ['auth'], response: { 200: authUserResponseSchema.shape.user, 401: errorResponseSchema } } }, async (request) =>
    auth.toPublicUser(requireUser(request), request.isPremium),
  );

  app.post(
    '/api/auth/signup',
    {
      schema: { tags: ['auth'], body: signUpInputSchema, response: { 201: authUserResponseSchema, ...errors } },
      config: rateLimitConfig(limits.signupPerHour, 60),
    },
    async (request, reply) => {
      const { user, session } = await auth.signUp(deps, request.body, request.headers['user-agent'] ?? null);
      setSessionCookie(reply, config, session);
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/api/auth/signin',
    {
      schema: { tags: ['auth'], body: signInInputSchema, response: { 200: authUserResponseSchema, ...errors } },
      config: rateLimitConfig(limits.authPerMinute, 1),
    },
    async (request, reply) => {
      const { user, session } = await auth.signIn(deps, request.body, request.headers['user-agent'] ?? null);
      setSessionCookie(reply, config, session);
      return { user };
    },
  );

  app.post('/api/auth/logout', { schema: { tags: ['auth'], response: { 200: messageResponseSchema, 403: errorResponseSchema } } }, async (request, reply) => {
    await auth.logout(deps, sessionToken(request, config));
    clearSessionCookie(reply, config);
    return { message: authResponses.loggedOut };
  });

  app.post(
    '/api/auth/forgot-password',
    {
      schema: { tags: ['auth'], body: forgotPasswordInputSchema, response: { 200: messageResponseSchema, ...errors } },
      config: rateLimitConfig(limits.authPerMinute, 1),
    },
    async (request) => {
      // Answered at once; the lookup, the token and the e-mail follow (auth.service.ts says why).
      const work = auth.forgotPassword(deps, request.body)
        .catch((err: unknown) => deps.log.error({ err }, 'password reset request failed'))
        .finally(() => pending.delete(work));
      pending.add(work);
      return { message: authResponses.forgotPassword };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: { tags: ['auth'], body: resetPasswordInputSchema, response: { 200: messageResponseSchema, ...errors } },
      config: rateLimitConfig(limits.authPerMinute, 1),
    },
    async (request) => {
      await auth.resetPassword(deps, request.body);
      return { message: authResponses.resetPassword };
    },
  );

  // The link in the verification e-mail: no session needed (it may be opened on another device).
  app.post(
    '/api/auth/verify-email',
    {
      schema: { tags: ['auth'], body: verifyEmailInputSchema, response: { 200: messageResponseSchema, ...errors } },
      config: rateLimitConfig(limits.authPerMinute, 1),
    },
    async (request) => ({ message: await auth.verifyEmail(deps, request.body) }),
  );

  app.post(
    '/api/auth/resend-verification',
    {
      schema: { tags: ['auth'], response: { 200: messageResponseSchema, ...errors } },
      config: rateLimitConfig(limits.authPerMinute, 1),
    },
    async (request) => ({ message: await auth.resendVerification(deps, requireUser(request)) }),
  );
};
