import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  avatarParamsSchema,
  avatarQuerySchema,
  changePasswordInputSchema,
  deleteAccountInputSchema,
  objectUploadInputSchema,
  objectUploadResponseSchema,
  profilePictureInputSchema,
  profilePictureResponseSchema,
  updateProfileInputSchema,
  userSessionParamsSchema,
  userSessionsResponseSchema,
} from '#contract/account.ts';
import { messageResponseSchema, publicUserSchema } from '#contract/auth.ts';
import { chatDefaultsResponseSchema, chatUsageResponseSchema, updateChatDefaultsInputSchema, userParamsSchema } from '#contract/chat.ts';
import { errorResponseSchema, errorResponses } from '#contract/errors.ts';
import { rateLimitConfig } from '#server/plugins/rate-limits.ts';
import { publicRoute } from '#server/plugins/route-access.ts';
import { callerOf, clearSessionCookie, sessionToken } from '#server/plugins/session.ts';
import type { AccountServiceDeps } from './account-deps.ts';
import * as account from './account.service.ts';
import * as deletion from './deletion.service.ts';
import * as pictures from './profile-pictures.ts';
import * as profile from './profile.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['account'];

export const accountRoutes: FastifyPluginAsyncZod<{ deps: AccountServiceDeps }> = async (app, { deps }) => {
  const { config } = deps;
  // Password checks cost an argon2 verification each: paced like sign-in.
  const passwordLimit = rateLimitConfig(config.rateLimits.authPerMinute, 1);

  app.put(
    '/api/users/:id',
    { schema: { tags, params: userParamsSchema, body: updateChatDefaultsInputSchema, response: { 200: chatDefaultsResponseSchema, ...errors } } },
    async (request) => account.updateDefaults(deps, callerOf(request), request.params.id, request.body),
  );

  // Not in the spec's call list: the chat screen's usage bar reads it (limits -1 = unlimited).
  app.get('/api/chat/usage', { schema: { tags, response: { 200: chatUsageResponseSchema, ...errors } } }, async (request) =>
    account.usage(deps, callerOf(request)),
  );

  app.patch(
    '/api/users/:id',
    {
      schema: { tags, summary: 'Edit Profile', params: userParamsSchema, body: updateProfileInputSchema, response: { 200: publicUserSchema, 409: errorResponseSchema, 429: errorResponseSchema, ...errors } },
      config: passwordLimit,
    },
    async (request) => profile.updateProfile(deps, callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/users/:id/change-password',
    {
      schema: { tags, params: userParamsSchema, body: changePasswordInputSchema, response: { 200: messageResponseSchema, 429: errorResponseSchema, ...errors } },
      config: passwordLimit,
    },
    async (request) => ({ message: await profile.changePassword(deps, callerOf(request), request.params.id, request.body, sessionToken(request, config)) }),
  );

  app.get(
    '/api/users/:id/sessions',
    { schema: { tags, summary: 'Signed-in devices', params: userParamsSchema, response: { 200: userSessionsResponseSchema, ...errors } } },
    async (request) => ({ sessions: await profile.listSessions(deps, callerOf(request), request.params.id, sessionToken(request, config)) }),
  );

  app.delete(
    '/api/users/:id/sessions/:sessionId',
    { schema: { tags, summary: 'Sign a device out', params: userSessionParamsSchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => ({ message: await profile.endSession(deps, callerOf(request), request.params.id, request.params.sessionId) }),
  );

  app.post(
    '/api/users/:id/delete-account',
    {
      schema: { tags, params: userParamsSchema, body: deleteAccountInputSchema, response: { 200: messageResponseSchema, 429: errorResponseSchema, 502: errorResponseSchema, 503: errorResponseSchema, ...errors } },
      config: passwordLimit,
    },
    async (request, reply) => {
      const message = await deletion.deleteAccount(deps, callerOf(request), request.params.id, request.body);
      clearSessionCookie(reply, config);
      return { message };
    },
  );

  // The profile picture flow (spec section 7): open to visitors, since signup uploads before the account exists.
  app.post(
    '/api/objects/upload',
    {
      schema: { tags, summary: 'Upload URL for a profile picture', body: objectUploadInputSchema, response: { 200: objectUploadResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema } },
      config: { ...rateLimitConfig(config.rateLimits.signupPerHour, 60), ...publicRoute },
    },
    async (request) => ({ uploadURL: await pictures.createPictureUpload(deps, request.user, request.body.size) }),
  );

  app.put(
    '/api/profile-pictures',
    {
      schema: { tags, body: profilePictureInputSchema, response: { 200: profilePictureResponseSchema, 413: errorResponseSchema, 429: errorResponseSchema, ...errors } },
      config: { ...rateLimitConfig(config.rateLimits.signupPerHour, 60), ...publicRoute },
    },
    async (request) => ({ objectPath: await pictures.processProfilePicture(deps, request.user, request.body.profilePictureURL) }),
  );

  app.get(
    '/api/objects/avatars/:owner/:id',
    { schema: { tags, summary: 'A profile picture (WebP)', params: avatarParamsSchema, querystring: avatarQuerySchema, response: { 404: errorResponseSchema } }, config: publicRoute },
    async (request, reply) => {
      const stream = await pictures.openAvatar(deps, request.params.owner, request.params.id, request.query.size ?? 'large');
      // A picture's path changes with every new picture: what is at one path never changes.
      return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(stream as never);
    },
  );
};
