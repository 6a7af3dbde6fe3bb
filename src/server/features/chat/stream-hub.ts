import { EventEmitter } from 'node:events';
import type { ChatMessageStatus } from '#contract/chat.ts';

export interface ReplyUsage {
  promptTokens: number | null;
  completionTokens: number | null;
}

/** What a reply runner publishes. `offset` is the length of the reply text once the delta is applied. */
export type ReplyEvent =
  | { type: 'delta'; text: string; offset: number }
  | { type: 'done'; status: Extract<ChatMessageStatus, 'complete' | 'stopped'>; content: string; usage: ReplyUsage }
  | { type: 'error'; message: string; content: string };

export type FinalReplyEvent = Exclude<ReplyEvent, { type: 'delta' }>;

export interface HubSubscription {
  /** The reply's text so far when it is being written and this hub knows it; null otherwise (read the database). */
  live: { content: string } | null;
  unsubscribe(): void;
}

/**
 * Fan-out of replies being written, from the runner to every open stream of that reply.
 * The in-process hub serves one instance. A Redis implementation (REDIS_URL) keeps the same
 * contract: `append` = APPEND to a per-reply key + PUBLISH, `subscribe` = SUBSCRIBE then GET, and
 * listeners must tolerate events that arrive before `subscribe` resolves (they carry offsets to dedupe).
 */
export interface StreamHub {
  /** A reply starts (or restarts, on retry) from empty text. */
  open(messageId: string): void;
  append(messageId: string, text: string): void;
  /** Publishes the last event of a reply and forgets it. */
  finish(messageId: string, event: FinalReplyEvent): void;
  subscribe(messageId: string, listener: (event: ReplyEvent) => void): Promise<HubSubscription>;
  close(): Promise<void>;
}

export function createInProcessStreamHub(): StreamHub {
  const emitter = new EventEmitter();
  // One listener per open stream of a reply; hundreds at once are expected, not a leak.
  emitter.setMaxListeners(0);
  const live = new Map<string, string>();

  return {
    open(messageId) {
      live.set(messageId, '');
    },
    append(messageId, text) {
      const content = (live.get(messageId) ?? '') + text;
      live.set(messageId, content);
      emitter.emit(messageId, { type: 'delta', text, offset: content.length } satisfies ReplyEvent);
    },
    finish(messageId, event) {
      live.delete(messageId);
      emitter.emit(messageId, event);
    },
    async subscribe(messageId, listener) {
      // Snapshot and subscription happen in the same tick, so no delta falls between them.
      emitter.on(messageId, listener);
      const content = live.get(messageId);
      return {
        live: content === undefined ? null : { content },
        unsubscribe: () => emitter.off(messageId, listener),
      };
    },
    async close() {
      emitter.removeAllListeners();
      live.clear();
    },
  };
}
