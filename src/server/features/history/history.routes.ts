import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, errorResponses } from '#contract/errors.ts';
import {
  deleteChatSessionsInputSchema,
  deleteChatSessionsResponseSchema,
  exportMemoQuerySchema,
  exportQuerySchema,
  historySessionParamsSchema,
  historyUserParamsSchema,
  listChatSessionsQuerySchema,
  listChatSessionsResponseSchema,
} from '#contract/history.ts';
import { perAccountRateLimit } from '#server/plugins/rate-limits.ts';
import { pdfFile, sendDownload } from '#server/plugins/file-responses.ts';
import { callerOf } from '#server/plugins/session.ts';
import * as history from './history.service.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const tags = ['history'];
/** File responses: sent as they are (Fastify serializes neither a string with its own content type nor a Buffer). */
const markdownFile = z.string().describe('The conversation as Markdown (text/markdown)');
const conversationPdf = pdfFile('The conversation');

const memoFile = z
  .union([z.string(), pdfFile('The decision memo')])
  .describe('The decision memo: one A4 page (application/pdf) with format=pdf, Markdown (text/markdown) with format=md');

/** A PDF is made on the server's CPU: a few per minute per account is plenty for people, and bounds abuse. */
const exportRateLimit = perAccountRateLimit(20);

export const historyRoutes: FastifyPluginAsyncZod<{ deps: history.HistoryDeps }> = async (app, { deps }) => {
  app.get(
    '/api/users/:id/chat-sessions',
    { schema: { tags, params: historyUserParamsSchema, querystring: listChatSessionsQuerySchema, response: { 200: listChatSessionsResponseSchema, ...errors } } },
    async (request) => history.listConversations(deps, callerOf(request), request.params.id, request.query.q, request.query),
  );

  app.delete(
    '/api/users/:id/chat-sessions',
    { schema: { tags, params: historyUserParamsSchema, body: deleteChatSessionsInputSchema, response: { 200: deleteChatSessionsResponseSchema, ...errors } } },
    async (request) => history.deleteConversations(deps, callerOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/chat-sessions/:id/export/markdown',
    { schema: { tags, params: historySessionParamsSchema, querystring: exportQuerySchema, response: { 200: markdownFile, ...errors } }, config: exportRateLimit },
    async (request, reply) => sendDownload(reply, await history.exportMarkdown(deps, callerOf(request), request.params.id, request.query.tz)),
  );

  app.get(
    '/api/chat-sessions/:id/export/pdf',
    { schema: { tags, params: historySessionParamsSchema, querystring: exportQuerySchema, response: { 200: conversationPdf, ...errors } }, config: exportRateLimit },
    async (request, reply) => sendDownload(reply, await history.exportPdf(deps, callerOf(request), request.params.id, request.query.tz)),
  );

  app.get(
    '/api/chat-sessions/:id/export/memo',
    { schema: { tags, params: historySessionParamsSchema, querystring: exportMemoQuerySchema, response: { 200: memoFile, ...errors, 502: errorResponseSchema } }, config: exportRateLimit },
    async (request, reply) => sendDownload(reply, await history.exportMemo(deps, callerOf(request), request.params.id, request.query.format, request.query.tz)),
  );
};
