import type { ChatMessageDto, ChatSessionDto } from '#contract/chat.ts';
import type { ChatMessage, ChatSession } from '#server/db/schema.ts';

export function toSessionDto(session: ChatSession): ChatSessionDto {
  return {
    id: session.id,
    userId: session.userId,
    title: session.title,
    executiveRole: session.executiveRole,
    industry: session.industry,
    userRole: session.userRole,
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
  };
}

export function toMessageDto(message: ChatMessage): ChatMessageDto {
  return {
    id: message.id,
    sessionId: message.sessionId,
    role: message.role,
    content: message.content,
    userRole: message.userRole,
    executiveRole: message.executiveRole,
    documentIds: message.documentIds,
    like: message.like,
    dislike: message.dislike,
    timestamp: message.timestamp.toISOString(),
    status: message.status,
    model: message.model,
    promptTokens: message.promptTokens,
    completionTokens: message.completionTokens,
    error: message.error,
    roundtableId: message.roundtableId,
    ...(message.tools?.length ? { tools: message.tools } : {}),
  };
}
