import type { ChatMessageDto, StreamDeltaEvent, StreamDoneEvent, StreamErrorEvent, StreamSnapshotEvent, StreamToolsEvent } from '#contract/chat.ts';

/** The events of a reply stream (src/contract/chat.ts), typed; `offset` is the event id: the reply's length after it. */
export type ReplyEvent =
  | ({ type: 'snapshot'; offset: number } & StreamSnapshotEvent)
  | ({ type: 'delta'; offset: number } & StreamDeltaEvent)
  | ({ type: 'done'; offset: number } & StreamDoneEvent)
  | ({ type: 'error'; offset: number } & StreamErrorEvent)
  /** The reply's tool calls so far, whole (issue 32). */
  | ({ type: 'tools'; offset: number } & StreamToolsEvent);

export function isFinalReplyEvent(event: ReplyEvent): boolean {
  return event.type === 'done' || event.type === 'error';
}

/** The assistant message after one stream event. */
export function applyReplyEvent(message: ChatMessageDto, event: ReplyEvent): ChatMessageDto {
  switch (event.type) {
    case 'snapshot':
      return { ...message, content: event.content, status: event.status };
    case 'delta':
      return { ...message, content: message.content + event.text };
    case 'done':
      return {
        ...message,
        content: event.content,
        status: event.status,
        error: null,
        promptTokens: event.usage.promptTokens,
        completionTokens: event.usage.completionTokens,
      };
    case 'error':
      return { ...message, content: event.content, status: 'failed', error: event.message };
    case 'tools':
      return { ...message, tools: event.tools };
  }
}

/**
 * True when the client's text no longer matches what the server counted (a lost or doubled delta):
 * the stream must be reopened without Last-Event-ID to get a fresh snapshot.
 */
export function isOutOfStep(message: ChatMessageDto, event: ReplyEvent): boolean {
  return event.type === 'delta' && event.offset >= 0 && message.content.length !== event.offset;
}
