import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxIdParamsSchema, outboxListSchema, outboxMessageSchema } from '#contract/dev-mail.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { AppError } from '#server/errors.ts';
import { sendDownload } from '#server/plugins/file-responses.ts';
import { publicRoute } from '#server/plugins/route-access.ts';
import { listOutbox, readOutboxEml, readOutboxMessage } from '#server/mail/outbox.ts';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The development mailbox's API (decision 056): the outbox (src/server/mail/outbox.ts) read back, newest
 * first. Registered only outside production and with no SMTP_URL (app.ts), so production answers 404.
 * It is public (the person running the server locally has no account yet when the first mail arrives) but
 * answers only on the machine itself: a development server listening on 0.0.0.0 does not hand its reset
 * links to the network.
 */
export const devMailRoutes: FastifyPluginAsyncZod<{ outboxDir: string }> = async (app, { outboxDir }) => {
  app.addHook('onRequest', async (request) => {
    if (!LOOPBACK.test(request.ip)) throw new AppError('not_found:route');
  });

  app.get(
    '/api/dev/mail',
    { schema: { hide: true, response: { 200: outboxListSchema } }, config: publicRoute },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: await listOutbox(outboxDir) };
    },
  );

  app.get(
    '/api/dev/mail/:id',
    { schema: { hide: true, params: outboxIdParamsSchema, response: { 200: outboxMessageSchema, 404: errorResponseSchema } }, config: publicRoute },
    async (request, reply) => {
      const message = await readOutboxMessage(outboxDir, request.params.id);
      if (!message) throw new AppError('not_found:resource');
      reply.header('cache-control', 'no-store');
      return message;
    },
  );

  app.get(
    '/api/dev/mail/:id/eml',
    { schema: { hide: true, params: outboxIdParamsSchema }, config: publicRoute },
    async (request, reply) => {
      const eml = await readOutboxEml(outboxDir, request.params.id);
      if (!eml) throw new AppError('not_found:resource');
      return sendDownload(reply, { body: eml, fileName: `${request.params.id}.eml`, contentType: 'message/rfc822' });
    },
  );
};
