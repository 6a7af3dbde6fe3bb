import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatDefaultsResponseSchema, chatUsageResponseSchema, updateChatDefaultsInputSchema, userParamsSchema } from '#contract/chat.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { callerOf } from '#server/plugins/session.ts';
import * as account from './account.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['account'];

export const accountRoutes: FastifyPluginAsyncZod<{ deps: account.AccountDeps }> = async (app, { deps }) => {
  app.put(
    '/api/users/:id',
    { schema: { tags, params: userParamsSchema, body: updateChatDefaultsInputSchema, response: { 200: chatDefaultsResponseSchema, ...errors } } },
    async (request) => account.updateDefaults(deps, callerOf(request), request.params.id, request.body),
  );

  // Not in the spec's call list: the chat screen's usage bar reads it (limits -1 = unlimited).
  app.get('/api/chat/usage', { schema: { tags, response: { 200: chatUsageResponseSchema, ...errors } } }, async (request) =>
    account.usage(deps, callerOf(request)),
  );
};
