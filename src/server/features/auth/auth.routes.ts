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
  type PublicUser,
} from '#contract/auth.ts';
import { errorResponseSchema, errorResponses } from '#contract/errors.ts';
import type { User } from '#server/db/schema.ts';
import { rateLimitConfig } from '#server/plugins/rate-limits.ts';
import { publicRoute } from '#server/plugins/route-access.ts';
import { clearSessionCookie, requireUser, sessionToken, setSessionCookie } from '#server/plugins/session.ts';
import type { AuthDeps, SignUpDeps } from './auth.service.ts';
import * as auth from './auth.service.ts';

const errors = errorResponses(400, 401, 403, 409, 429);

export const authRoutes: FastifyPluginAsyncZod<{ deps: AuthDeps & SignUpDeps }> = async (app, { deps }) => {
  const { config } = deps;
  const limits = config.rateLimits;
  // Reset requests still being worked on after their answer: closing waits for them.
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
  });

  // The answer, serialized once per user row and plan. The session cache hands every request of a session
  // the same row object until it reads the row again (SESSION_CACHE_MS) or the account changes (then a
  // new object), so asking again costs no serialization; without that cache every row is new and nothing
  // is kept. The text is what the route's own serializer (the contract's schema, app.ts) makes of the
  // same object: making it each time cost 5 of this route's 31 µs of CPU a request (decision 049).
  const answers = new WeakMap<User, Partial<Record<'premium' | 'standard', string>>>();
  // A visitor (no session cookie at all) is answered 200 null: signed out is no error, and a browser logs every
  // 401 in its console on every public page (issue 29, point 21; decision 058). A cookie whose session ended
  // still answers 401, and the dead cookie is cleared so the next page asks as a visitor.
  app.get('/api/auth/me', { schema: { tags: ['auth'], response: { 200: authUserResponseSchema.shape.user.nullable(), 401: errorResponseSchema } }, config: publicRoute }, async (request, reply) => {
    if (!request.user) {
      if (!sessionToken(request, config)) return reply.send(null);
      clearSessionCookie(reply, config);
    }
    const user = requireUser(request);
    const plan = request.isPremium ? 'premium' : 'standard';
    let texts = answers.get(user);
    if (!texts) answers.set(user, (texts = {}));
    // The zod serializer (app.ts) answers JSON text.
    const json = (texts[plan] ??= reply.serialize(auth.toPublicUser(user, request.isPremium)) as string);
    // JSON text with its type is sent as it is; the type provider only knows the object it describes.
    return reply.type('application/json; charset=utf-8').send(json as unknown as PublicUser);
  });

  app.post(
    '/api/auth/signup',
    {
      schema: { tags: ['auth'], body: signUpInputSchema, response: { 201: authUserResponseSchema, ...errors } },
      config: { ...rateLimitConfig(limits.signupPerHour, 60), ...publicRoute },
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
      config: { ...rateLimitConfig(limits.authPerMinute, 1), ...publicRoute },
    },
    async (request, reply) => {
      const { user, session } = await auth.signIn(deps, request.body, request.headers['user-agent'] ?? null);
      setSessionCookie(reply, config, session);
      return { user };
    },
  );

  app.post('/api/auth/logout', { schema: { tags: ['auth'], response: { 200: messageResponseSchema, 403: errorResponseSchema } }, config: publicRoute }, async (request, reply) => {
    await auth.logout(deps, sessionToken(request, config));
    clearSessionCookie(reply, config);
    return { message: authResponses.loggedOut };
  });

  app.post(
    '/api/auth/forgot-password',
    {
      schema: { tags: ['auth'], body: forgotPasswordInputSchema, response: { 200: messageResponseSchema, ...errors } },
      config: { ...rateLimitConfig(limits.authPerMinute, 1), ...publicRoute },
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
      config: { ...rateLimitConfig(limits.authPerMinute, 1), ...publicRoute },
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
      config: { ...rateLimitConfig(limits.authPerMinute, 1), ...publicRoute },
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
