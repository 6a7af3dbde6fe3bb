import { z } from 'zod';
import { DISPLAYED_MESSAGES } from './limits.ts';
import { executiveRoles, industries } from './roles.ts';
import { toolActivitySchema } from './tools.ts';
import { chatValidation, MAX_MESSAGE_LENGTH, MAX_TITLE_LENGTH, MAX_DOCUMENTS_PER_MESSAGE, MAX_MESSAGES_PAGE, chatMessageRoles, chatMessageStatuses } from './chat-text.ts';

// Strings, constants and helpers without zod live in chat-text.ts, so a screen that only shows them does
// not load zod and build every schema (issue 18, decision 042).
export { chatValidation, replyErrors, chatText, MAX_MESSAGE_LENGTH, MAX_TITLE_LENGTH, MAX_DOCUMENTS_PER_MESSAGE, MAX_MESSAGES_PAGE, defaultSessionTitle, contextChangeNote, chatMessageRoles, chatMessageStatuses, streamEventNames } from './chat-text.ts';
export type { ChatContext, ChatMessageStatus } from './chat-text.ts';

export const executiveRoleSchema = z.enum(executiveRoles, { error: chatValidation.executiveRoleInvalid });
const userRoleSchema = z.enum(executiveRoles, { error: chatValidation.userRoleInvalid });
export const industrySchema = z.enum(industries, { error: chatValidation.industryInvalid });
const idSchema = z.uuid({ error: chatValidation.idInvalid });

export const chatSessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  executiveRole: z.string(),
  industry: z.string(),
  userRole: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatSessionDto = z.infer<typeof chatSessionSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  role: z.enum(chatMessageRoles),
  content: z.string(),
  userRole: z.string().nullable(),
  executiveRole: z.string().nullable(),
  documentIds: z.array(z.string()),
  like: z.number().nullable(),
  dislike: z.number().nullable(),
  timestamp: z.string(),
  status: z.enum(chatMessageStatuses),
  model: z.string().nullable(),
  promptTokens: z.number().nullable(),
  completionTokens: z.number().nullable(),
  /** Why a failed reply failed, in words a user can read. */
  error: z.string().nullable(),
  /** The roundtable this message belongs to (its question or a seat's turn); null for a 1-on-1 message. */
  roundtableId: z.string().nullable().optional(),
  /** The tools the reply called (issue 32): calculations with their inputs, searches. Absent when none. */
  tools: z.array(toolActivitySchema).optional(),
});
export type ChatMessageDto = z.infer<typeof chatMessageSchema>;

export const chatSessionParamsSchema = z.object({ id: idSchema });
export const chatMessageParamsSchema = z.object({ id: idSchema, messageId: idSchema });
export const messageParamsSchema = z.object({ id: idSchema });
/**
 * DELETE /api/messages/:id: what went. Deleting a question takes its reply with it (decision 028), so
 * the list holds the question's id and its reply's; deleting a reply or a note, that one id.
 */
export const deleteMessageResponseSchema = z.object({ deletedIds: z.array(z.string()) });
export type DeleteMessageResponse = z.infer<typeof deleteMessageResponseSchema>;
export const userParamsSchema = z.object({ id: idSchema });

/** POST /api/chat-sessions. userId, when sent, must be the caller's own. */
export const createChatSessionInputSchema = z.object({
  userId: idSchema.optional(),
  executiveRole: executiveRoleSchema,
  industry: industrySchema,
  userRole: userRoleSchema.optional(),
  title: z.string({ error: chatValidation.titleInvalid }).trim().min(1, chatValidation.titleInvalid).max(MAX_TITLE_LENGTH, chatValidation.titleInvalid).optional(),
});
export type CreateChatSessionInput = z.infer<typeof createChatSessionInputSchema>;

/** GET /api/chat-sessions/:id/messages: the latest page by default, older pages with `before` (a message id). */
export const listMessagesQuerySchema = z.object({
  before: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_MESSAGES_PAGE).default(DISPLAYED_MESSAGES),
});
export type ListMessagesQuery = z.infer<typeof listMessagesQuerySchema>;
export const listMessagesResponseSchema = z.object({ messages: z.array(chatMessageSchema), hasMore: z.boolean() });
export type ListMessagesResponse = z.infer<typeof listMessagesResponseSchema>;

/** PUT /api/chat-sessions/:id/context */
export const updateChatContextInputSchema = z
  .object({ executiveRole: executiveRoleSchema.optional(), industry: industrySchema.optional(), userRole: userRoleSchema.optional() })
  .refine((v) => v.executiveRole !== undefined || v.industry !== undefined || v.userRole !== undefined, { message: chatValidation.nothingToChange });
export type UpdateChatContextInput = z.infer<typeof updateChatContextInputSchema>;
export const updateChatContextResponseSchema = z.object({ session: chatSessionSchema, systemMessage: chatMessageSchema.nullable() });
export type UpdateChatContextResponse = z.infer<typeof updateChatContextResponseSchema>;

/** POST /api/chat-sessions/:id/messages. role 'system' posts a context note (Premium); 'user' asks the advisor. */
export const sendMessageInputSchema = z.object({
  content: z
    .string({ error: chatValidation.contentRequired })
    .trim()
    .min(1, chatValidation.contentRequired)
    .max(MAX_MESSAGE_LENGTH, chatValidation.contentTooLong),
  role: z.enum(['user', 'system'], { error: "role must be 'user' or 'system'" }).default('user'),
  userRole: userRoleSchema.nullish(),
  documentIds: z.array(idSchema, { error: chatValidation.documentIdsInvalid }).max(MAX_DOCUMENTS_PER_MESSAGE, chatValidation.documentIdsInvalid).default([]),
});
/** What the client sends (role and documentIds may be left out)... */
export type SendMessageInput = z.input<typeof sendMessageInputSchema>;
/** ...and what the server works with after defaults. */
export type ParsedSendMessageInput = z.output<typeof sendMessageInputSchema>;
/** systemMessage is the note left when the message changed the user's own role mid-conversation (Premium). */
export const sendUserMessageResponseSchema = z.object({
  userMessage: chatMessageSchema,
  assistantMessage: chatMessageSchema,
  systemMessage: chatMessageSchema.nullable(),
});
export type SendUserMessageResponse = z.infer<typeof sendUserMessageResponseSchema>;
export const sendSystemMessageResponseSchema = z.object({ systemMessage: chatMessageSchema });
export const sendMessageResponseSchema = z.union([sendUserMessageResponseSchema, sendSystemMessageResponseSchema]);
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/**
 * POST .../messages/:messageId/second-opinion (Premium; issue 14, point 3): the reply's question asked
 * again of another executive, in the same conversation. Answers like a send, with the switch's note.
 */
export const secondOpinionInputSchema = z.object({ executiveRole: executiveRoleSchema });
export type SecondOpinionInput = z.infer<typeof secondOpinionInputSchema>;

/** POST .../messages/:messageId/stop and .../retry answer the assistant message as it now is. */
export const assistantMessageResponseSchema = z.object({ message: chatMessageSchema });

export const generateTitleResponseSchema = z.object({ title: z.string() });

/**
 * PATCH /api/chat-sessions/:id: the owner renames the conversation (decision 033). Trimmed, inner runs
 * of whitespace (a pasted line break) made one space, 1 to MAX_TITLE_LENGTH characters, the same rule
 * as a title given at creation. A renamed title is never replaced by an automatic one.
 */
export const renameChatSessionInputSchema = z.object({
  title: z
    .string({ error: chatValidation.titleInvalid })
    .transform((title) => title.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, chatValidation.titleInvalid).max(MAX_TITLE_LENGTH, chatValidation.titleInvalid)),
});
export type RenameChatSessionInput = z.infer<typeof renameChatSessionInputSchema>;

/** PATCH /api/messages/:id/feedback: like 1 clears dislike, dislike -1 clears like, both null clears both. */
export const messageFeedbackInputSchema = z
  .object({ like: z.literal(1).nullable().default(null), dislike: z.literal(-1).nullable().default(null) })
  .refine((v) => !(v.like !== null && v.dislike !== null), { message: chatValidation.likeAndDislike, path: ['dislike'] });
export type MessageFeedbackInput = z.input<typeof messageFeedbackInputSchema>;
export type ParsedMessageFeedbackInput = z.output<typeof messageFeedbackInputSchema>;

export const latestSessionResponseSchema = z.object({ id: z.string().nullable() });

/** PUT /api/users/:id: saved chat defaults (Premium). null clears a default. */
export const updateChatDefaultsInputSchema = z
  .object({ defaultUserRole: userRoleSchema.nullable().optional(), defaultExecutiveRole: executiveRoleSchema.nullable().optional(), defaultIndustry: industrySchema.nullable().optional() })
  .refine((v) => v.defaultUserRole !== undefined || v.defaultExecutiveRole !== undefined || v.defaultIndustry !== undefined, {
    message: chatValidation.nothingToChange,
  });
export type UpdateChatDefaultsInput = z.infer<typeof updateChatDefaultsInputSchema>;
export const chatDefaultsResponseSchema = z.object({
  defaultUserRole: z.string().nullable(),
  defaultExecutiveRole: z.string().nullable(),
  defaultIndustry: z.string().nullable(),
});
export type ChatDefaults = z.infer<typeof chatDefaultsResponseSchema>;

/** GET /api/chat/usage: what the usage bar shows. Limits are -1 (unlimited) for Premium. */
export const chatUsageResponseSchema = z.object({
  isPremium: z.boolean(),
  interactionsUsed: z.number(),
  interactionsLimit: z.number(),
  attachmentsUsed: z.number(),
  attachmentsLimit: z.number(),
  /** Bytes of documents stored, uploads not yet attached included (decision 052). */
  storageUsedBytes: z.number(),
  storageLimitBytes: z.number(),
  /** Next UTC midnight, when the daily counters start again. */
  resetsAt: z.string(),
});
export type ChatUsage = z.infer<typeof chatUsageResponseSchema>;

/**
 * Server-Sent Events of GET .../messages/:messageId/stream. Every event's `id:` is the length of the
 * reply text the client holds after applying it, so a reconnect with Last-Event-ID resumes there.
 */
export const replyUsageSchema = z.object({ promptTokens: z.number().nullable(), completionTokens: z.number().nullable() });
export const streamSnapshotEventSchema = z.object({ content: z.string(), status: z.enum(chatMessageStatuses) });
export const streamDeltaEventSchema = z.object({ text: z.string() });
export const streamDoneEventSchema = z.object({ status: z.enum(['complete', 'stopped']), content: z.string(), usage: replyUsageSchema });
/** The reply's tool calls so far, whole each time one starts or ends (they are few and small). */
export const streamToolsEventSchema = z.object({ tools: z.array(toolActivitySchema) });
export const streamErrorEventSchema = z.object({ message: z.string(), content: z.string() });
export type StreamSnapshotEvent = z.infer<typeof streamSnapshotEventSchema>;
export type StreamDeltaEvent = z.infer<typeof streamDeltaEventSchema>;
export type StreamDoneEvent = z.infer<typeof streamDoneEventSchema>;
export type StreamErrorEvent = z.infer<typeof streamErrorEventSchema>;
export type StreamToolsEvent = z.infer<typeof streamToolsEventSchema>;
