import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assistantMessageResponseSchema,
  chatDefaultsResponseSchema,
  chatMessageParamsSchema,
  chatMessageSchema,
  chatSessionParamsSchema,
  chatSessionSchema,
  chatUsageResponseSchema,
  createChatSessionInputSchema,
  generateTitleResponseSchema,
  latestSessionResponseSchema,
  listMessagesQuerySchema,
  listMessagesResponseSchema,
  messageFeedbackInputSchema,
  messageParamsSchema,
  sendMessageInputSchema,
  sendMessageResponseSchema,
  updateChatContextInputSchema,
  updateChatContextResponseSchema,
  updateChatDefaultsInputSchema,
  userParamsSchema,
} from '#contract/chat.ts';
import { errorCatalog, errorResponseSchema } from '#contract/errors.ts';
import { createLanguageModel } from '#server/ai/provider.ts';
import { AppError } from '#server/errors.ts';
import { requireUser } from '#server/plugins/session.ts';
import * as chat from './chat.service.ts';
import * as messages from './messages.service.ts';
import { ReplyRunners } from './reply-runner.ts';
import { followReply, parseLastEventId } from './reply-stream.ts';
import { SseConnections } from './sse.ts';
import { createInProcessStreamHub } from './stream-hub.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
};
const tags = ['chat'];

function caller(request: FastifyRequest): chat.Caller {
  return { user: requireUser(request), isPremium: request.isPremium };
}

/** Sends and retries are also limited per account per minute, whatever the plan: each one costs a model call. */
function sendRateLimit(perMinute: number) {
  return {
    rateLimit: {
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
      errorResponseBuilder: () => new AppError('rate_limit:general'),
    },
  };
}

/** How often an instance on a shared database looks for replies whose runner is gone. */
const RECOVERY_SWEEP_MS = 60_000;
/** Beyond the stall timeout (after which a live runner fails its reply itself), before a silent reply counts as abandoned. */
const RECOVERY_MARGIN_MS = 30_000;

export const chatRoutes: FastifyPluginAsyncZod<{
  deps: Pick<chat.ChatDeps, 'db' | 'config' | 'log' | 'sessionCache'>;
  /** Whether other instances may use the database (PostgreSQL) or it is this process's own (PGlite). */
  databaseShared: boolean;
}> = async (app, { deps: base, databaseShared }) => {
  const hub = createInProcessStreamHub();
  const runnerDeps = { ...base, hub, model: createLanguageModel(base.config.ai) };
  const runners = new ReplyRunners(runnerDeps);
  const deps: chat.ChatDeps = { ...runnerDeps, runners };
  const streams = new SseConnections();
  const sendLimit = sendRateLimit(base.config.rateLimits.chatPerMinute);

  // Replies left 'streaming' by a process that died. PGlite belongs to this process alone: all of
  // them, at start. On a shared database another instance may be writing some: only those silent
  // for longer than a live runner can be, at start and then every minute (an instance that crashed
  // is not there to settle its own).
  const silentForMs = base.config.ai.stallTimeoutMs + RECOVERY_MARGIN_MS;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await chat.recoverInterruptedReplies(deps, databaseShared ? { silentForMs } : {});
    if (!databaseShared) return;
    sweep = setInterval(() => {
      chat.recoverInterruptedReplies(deps, { silentForMs }).catch((err: unknown) => deps.log.warn({ err }, 'could not settle interrupted replies'));
    }, RECOVERY_SWEEP_MS);
    sweep.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    // Replies end first (their streams get the final event), then the streams close so the server can.
    await runners.close();
    streams.closeAll();
    await hub.close();
  });

  app.post(
    '/api/chat-sessions',
    { schema: { tags, body: createChatSessionInputSchema, response: { 201: chatSessionSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await chat.createSession(deps, caller(request), request.body)),
  );

  app.get('/api/chat-sessions/:id', { schema: { tags, params: chatSessionParamsSchema, response: { 200: chatSessionSchema, ...errors } } }, async (request) =>
    chat.getSession(deps, caller(request), request.params.id),
  );

  app.get(
    '/api/chat-sessions/:id/messages',
    { schema: { tags, params: chatSessionParamsSchema, querystring: listMessagesQuerySchema, response: { 200: listMessagesResponseSchema, ...errors } } },
    async (request) => messages.listMessages(deps, caller(request), request.params.id, request.query),
  );

  app.post(
    '/api/chat-sessions/:id/messages',
    {
      schema: { tags, params: chatSessionParamsSchema, body: sendMessageInputSchema, response: { 201: sendMessageResponseSchema, ...errors } },
      config: sendLimit,
    },
    async (request, reply) => reply.status(201).send(await messages.sendMessage(deps, caller(request), request.params.id, request.body)),
  );

  app.put(
    '/api/chat-sessions/:id/context',
    { schema: { tags, params: chatSessionParamsSchema, body: updateChatContextInputSchema, response: { 200: updateChatContextResponseSchema, ...errors } } },
    async (request) => chat.updateContext(deps, caller(request), request.params.id, request.body),
  );

  // Server-Sent Events: the owner check happens before the first byte; after that, errors become an 'error' event.
  app.get(
    '/api/chat-sessions/:id/messages/:messageId/stream',
    { schema: { tags, params: chatMessageParamsSchema, response: { 401: errorResponseSchema, 404: errorResponseSchema } } },
    async (request, reply) => {
      await messages.assertStreamable(deps, caller(request), request.params.id, request.params.messageId);
      const connection = streams.start(request, reply);
      try {
        connection.onClose(await followReply(deps, request.params.messageId, parseLastEventId(request.headers['last-event-id']), connection));
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
    async (request) => ({ message: await messages.stopReply(deps, caller(request), request.params.id, request.params.messageId) }),
  );

  app.post(
    '/api/chat-sessions/:id/messages/:messageId/retry',
    { schema: { tags, params: chatMessageParamsSchema, response: { 202: assistantMessageResponseSchema, ...errors } }, config: sendLimit },
    async (request, reply) => reply.status(202).send({ message: await messages.retryReply(deps, caller(request), request.params.id, request.params.messageId) }),
  );

  app.post(
    '/api/chat-sessions/:id/generate-title',
    { schema: { tags, params: chatSessionParamsSchema, response: { 200: generateTitleResponseSchema, ...errors } } },
    async (request) => chat.generateTitle(deps, caller(request), request.params.id),
  );

  app.get(
    '/api/chat-sessions/:id/documents',
    { schema: { tags, params: chatSessionParamsSchema, response: { 200: z.array(z.never()), ...errors } } },
    async (request) => chat.listDocuments(deps, caller(request), request.params.id),
  );

  app.patch(
    '/api/messages/:id/feedback',
    { schema: { tags, params: messageParamsSchema, body: messageFeedbackInputSchema, response: { 200: chatMessageSchema, ...errors } } },
    async (request) => messages.setFeedback(deps, caller(request), request.params.id, request.body),
  );

  app.delete('/api/messages/:id', { schema: { tags, params: messageParamsSchema, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await messages.deleteMessage(deps, caller(request), request.params.id);
    return reply.status(204).send(null);
  });

  app.get(
    '/api/users/:id/latest-session',
    { schema: { tags, params: userParamsSchema, response: { 200: latestSessionResponseSchema, ...errors } } },
    async (request) => chat.latestSession(deps, caller(request), request.params.id),
  );

  app.put(
    '/api/users/:id',
    { schema: { tags, params: userParamsSchema, body: updateChatDefaultsInputSchema, response: { 200: chatDefaultsResponseSchema, ...errors } } },
    async (request) => chat.updateDefaults(deps, caller(request), request.params.id, request.body),
  );

  app.get('/api/chat/usage', { schema: { tags, response: { 200: chatUsageResponseSchema, ...errors } } }, async (request) =>
    chat.usage(deps, caller(request)),
  );
};
