import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assistantMessageResponseSchema,
  chatMessageParamsSchema,
  chatMessageSchema,
  chatSessionParamsSchema,
  chatSessionSchema,
  createChatSessionInputSchema,
  generateTitleResponseSchema,
  latestSessionResponseSchema,
  listMessagesQuerySchema,
  listMessagesResponseSchema,
  messageFeedbackInputSchema,
  messageParamsSchema,
  recentSessionsResponseSchema,
  renameChatSessionInputSchema,
  deleteMessageResponseSchema,
  sendMessageInputSchema,
  sendMessageResponseSchema,
  sendUserMessageResponseSchema,
  secondOpinionInputSchema,
  updateChatContextInputSchema,
  updateChatContextResponseSchema,
  userParamsSchema,
} from '#contract/chat.ts';
import { errorCatalog, errorResponseSchema, errorResponses } from '#contract/errors.ts';
import { deleteChatSessionsResponseSchema } from '#contract/history.ts';
import { perAccountRateLimit } from '#server/plugins/rate-limits.ts';
import { callerOf } from '#server/plugins/session.ts';
import * as messages from './messages.service.ts';
import { parseLastEventId } from './replies/index.ts';
import { askAnotherExecutive } from './second-opinion.service.ts';
import * as sessions from './sessions.service.ts';

const errors = errorResponses(400, 401, 403, 404, 429, 502);
const tags = ['chat'];

/** HTTP only: conversations, their messages and the replies' streams. Needs the reply engine plugin registered first. */
export const chatRoutes: FastifyPluginAsyncZod<{ deps: Omit<sessions.ChatDeps, 'replies'> }> = async (app, { deps: base }) => {
  const deps: sessions.ChatDeps = { ...base, replies: app.replies };
  // Every route that calls the model (send, retry, regenerate, title) is limited per account per minute, whatever the plan.
  const sendLimit = perAccountRateLimit(base.config.rateLimits.chatPerMinute);

  app.post(
    '/api/chat-sessions',
    { schema: { tags, body: createChatSessionInputSchema, response: { 201: chatSessionSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await sessions.createSession(deps, callerOf(request), request.body)),
  );

  app.get('/api/chat-sessions/:id', { schema: { tags, params: chatSessionParamsSchema, response: { 200: chatSessionSchema, ...errors } } }, async (request) =>
    sessions.getSession(deps, callerOf(request), request.params.id),
  );

  app.delete(
    '/api/chat-sessions/:id',
    { schema: { tags, params: chatSessionParamsSchema, response: { 200: deleteChatSessionsResponseSchema, ...errors } } },
    async (request) => sessions.deleteSession(deps, callerOf(request), request.params.id),
  );

  app.patch(
    '/api/chat-sessions/:id',
    { schema: { tags, params: chatSessionParamsSchema, body: renameChatSessionInputSchema, response: { 200: chatSessionSchema, ...errors } } },
    async (request) => sessions.renameSession(deps, callerOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/chat-sessions/:id/messages',
    { schema: { tags, params: chatSessionParamsSchema, querystring: listMessagesQuerySchema, response: { 200: listMessagesResponseSchema, ...errors } } },
    async (request) => messages.listMessages(deps, callerOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/chat-sessions/:id/messages',
    {
      schema: { tags, params: chatSessionParamsSchema, body: sendMessageInputSchema, response: { 201: sendMessageResponseSchema, ...errors } },
      config: sendLimit,
    },
    async (request, reply) => reply.status(201).send(await messages.sendMessage(deps, callerOf(request), request.params.id, request.body)),
  );

  app.put(
    '/api/chat-sessions/:id/context',
    { schema: { tags, params: chatSessionParamsSchema, body: updateChatContextInputSchema, response: { 200: updateChatContextResponseSchema, ...errors } } },
    async (request) => sessions.updateContext(deps, callerOf(request), request.params.id, request.body),
  );

  // Server-Sent Events: the owner check happens before the first byte; after that, errors become an 'error' event.
  app.get(
    '/api/chat-sessions/:id/messages/:messageId/stream',
    { schema: { tags, params: chatMessageParamsSchema, response: { 401: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema } } },
    async (request, reply) => {
      await messages.assertStreamable(deps, callerOf(request), request.params.id, request.params.messageId);
      const connection = app.eventStreams.start(request, reply, callerOf(request).user.id);
      try {
        const follower = await app.replies.follow(request.params.messageId, parseLastEventId(request.headers['last-event-id']), connection);
        connection.onClose(() => follower.stop());
      } catch (err) {
        request.log.error({ err }, 'reply stream failed');
        connection.send('error', 0, { message: errorCatalog['internal:unexpected'].message, content: '' });
        connection.end();
      }
    },
  );

  app.post(
    '/api/chat-sessions/:id/messages/:messageId/stop',
    { schema: { tags, params: chatMessageParamsSchema, response: { 200: assistantMessageResponseSchema, ...errors } } },
    async (request) => ({ message: await messages.stopReply(deps, callerOf(request), request.params.id, request.params.messageId) }),
  );

  app.post(
    '/api/chat-sessions/:id/messages/:messageId/retry',
    { schema: { tags, params: chatMessageParamsSchema, response: { 202: assistantMessageResponseSchema, ...errors } }, config: sendLimit },
    async (request, reply) => reply.status(202).send({ message: await messages.retryReply(deps, callerOf(request), request.params.id, request.params.messageId) }),
  );

  app.post(
    '/api/chat-sessions/:id/messages/:messageId/regenerate',
    { schema: { tags, params: chatMessageParamsSchema, response: { 202: assistantMessageResponseSchema, ...errors } }, config: sendLimit },
    async (request, reply) => reply.status(202).send({ message: await messages.regenerateReply(deps, callerOf(request), request.params.id, request.params.messageId) }),
  );

  app.post(
    '/api/chat-sessions/:id/messages/:messageId/second-opinion',
    {
      schema: { tags, params: chatMessageParamsSchema, body: secondOpinionInputSchema, response: { 201: sendUserMessageResponseSchema, ...errors } },
      config: sendLimit,
    },
    async (request, reply) => reply.status(201).send(await askAnotherExecutive(deps, callerOf(request), request.params.id, request.params.messageId, request.body)),
  );

  app.post(
    '/api/chat-sessions/:id/generate-title',
    { schema: { tags, params: chatSessionParamsSchema, response: { 200: generateTitleResponseSchema, ...errors } }, config: sendLimit },
    async (request) => sessions.generateTitle(deps, callerOf(request), request.params.id),
  );

  app.patch(
    '/api/messages/:id/feedback',
    { schema: { tags, params: messageParamsSchema, body: messageFeedbackInputSchema, response: { 200: chatMessageSchema, ...errors } } },
    async (request) => messages.setFeedback(deps, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/messages/:id',
    { schema: { tags, params: messageParamsSchema, response: { 200: deleteMessageResponseSchema, ...errors } } },
    async (request) => messages.deleteMessage(deps, callerOf(request), request.params.id),
  );

  app.get(
    '/api/chat/recent-sessions',
    { schema: { tags, response: { 200: recentSessionsResponseSchema, ...errors } } },
    async (request) => sessions.recentSessions(deps, callerOf(request)),
  );

  app.get(
    '/api/users/:id/latest-session',
    { schema: { tags, params: userParamsSchema, response: { 200: latestSessionResponseSchema, ...errors } } },
    async (request) => sessions.latestSession(deps, callerOf(request), request.params.id),
  );
};
