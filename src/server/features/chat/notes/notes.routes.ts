import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatSessionParamsSchema } from '#contract/chat.ts';
import { conversationNoteResponseSchema, updateConversationNoteInputSchema } from '#contract/conversation-note.ts';
import { errorResponses } from '#contract/errors.ts';
import type { Db } from '#server/db/client.ts';
import { callerOf } from '#server/plugins/session.ts';
import * as notes from './notes.service.ts';

const errors = errorResponses(400, 401, 404);
const tags = ['chat'];

/** HTTP only: the conversation's note (decision 083), the owner's to read, edit and clear. */
export const conversationNoteRoutes: FastifyPluginAsyncZod<{ deps: { db: Db } }> = async (app, { deps }) => {
  app.get('/api/chat-sessions/:id/note', { schema: { tags, params: chatSessionParamsSchema, response: { 200: conversationNoteResponseSchema, ...errors } } }, async (request) =>
    notes.getNote(deps, callerOf(request), request.params.id),
  );
  app.put(
    '/api/chat-sessions/:id/note',
    { schema: { tags, params: chatSessionParamsSchema, body: updateConversationNoteInputSchema, response: { 200: conversationNoteResponseSchema, ...errors } } },
    async (request) => notes.putNote(deps, callerOf(request), request.params.id, request.body),
  );
  app.delete('/api/chat-sessions/:id/note', { schema: { tags, params: chatSessionParamsSchema, response: { 200: conversationNoteResponseSchema, ...errors } } }, async (request) =>
    notes.deleteNote(deps, callerOf(request), request.params.id),
  );
};
