import { followEventStream, type FollowResult } from '#client/lib/event-stream.ts';
import { loadReplyEventParser } from '../logic/prepare-reply.ts';
import { isFinalReplyEvent, type ReplyEvent } from '../logic/reply-events.ts';

export type { FollowResult };

export interface FollowReplyOptions {
  sessionId: string;
  messageId: string;
  /** The length of the reply text the client holds: sent as Last-Event-ID so the server sends only what is missing. */
  heldLength: () => number;
  /** Applies one event; 'resync' asks for a fresh snapshot (the text got out of step). */
  onEvent: (event: ReplyEvent) => 'ok' | 'resync';
  signal: AbortSignal;
}

/**
 * GET /api/chat-sessions/:id/messages/:messageId/stream (the shared follower, `lib/event-stream.ts`):
 * a reconnect sends the length of the text held as Last-Event-ID, so the server sends only what is
 * missing; a reply out of step reconnects at once without it, for a fresh snapshot.
 */
export async function followReplyStream({ sessionId, messageId, heldLength, onEvent, signal }: FollowReplyOptions): Promise<FollowResult> {
  // The events are checked against the contract's schemas (zod), loaded with the first reply followed (decision
  // 042); a failed load counts as a failed attempt, like a dropped connection.
  let toReplyEvent: Awaited<ReturnType<typeof loadReplyEventParser>> | undefined;
  let wantSnapshot = false;
  return followEventStream({
    url: `/api/chat-sessions/${encodeURIComponent(sessionId)}/messages/${encodeURIComponent(messageId)}/stream`,
    signal,
    beforeConnect: async () => {
      toReplyEvent ??= await loadReplyEventParser();
    },
    lastEventId: () => {
      const resume = wantSnapshot ? null : String(heldLength());
      wantSnapshot = false;
      return resume;
    },
    onEvent: (raw) => {
      const event = toReplyEvent!(raw);
      if (!event) return 'skip';
      const outcome = onEvent(event);
      if (isFinalReplyEvent(event)) return 'final';
      if (outcome === 'resync') {
        wantSnapshot = true;
        return 'reconnect';
      }
      return 'ok';
    },
  });
}
