import { apiHeaders } from '#client/lib/api-client.ts';
import { loadReplyEventParser } from '../logic/prepare-reply.ts';
import { isFinalReplyEvent, type ReplyEvent } from '../logic/reply-events.ts';
import { SseParser } from '../logic/sse-parser.ts';

export interface FollowReplyOptions {
  sessionId: string;
  messageId: string;
  /** The length of the reply text the client holds: sent as Last-Event-ID so the server sends only what is missing. */
  heldLength: () => number;
  /** Applies one event; 'resync' asks for a fresh snapshot (the text got out of step). */
  onEvent: (event: ReplyEvent) => 'ok' | 'resync';
  signal: AbortSignal;
}

/** finished: a done/error event arrived; gone: the server refused (deleted, not ours); gave-up: the connection kept failing. */
export type FollowResult = 'finished' | 'gone' | 'gave-up' | 'aborted';

const MAX_CONSECUTIVE_FAILURES = 5;
const DEFAULT_RETRY_MS = 2000;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/**
 * GET /api/chat-sessions/:id/messages/:messageId/stream, read with fetch rather than EventSource:
 * the request carries our headers, a refusal is told apart from a dropped connection, and the
 * named 'error' event cannot be confused with a network error. A dropped connection is reopened
 * with Last-Event-ID, as EventSource would.
 */
export async function followReplyStream({ sessionId, messageId, heldLength, onEvent, signal }: FollowReplyOptions): Promise<FollowResult> {
  const url = `/api/chat-sessions/${encodeURIComponent(sessionId)}/messages/${encodeURIComponent(messageId)}/stream`;
  let failures = 0;
  let retryMs = DEFAULT_RETRY_MS;
  let wantSnapshot = false;
  // The events are checked against the contract's schemas (zod), loaded with the first reply followed (decision
  // 042); a failed load counts as a failed attempt, like a dropped connection.
  let toReplyEvent: Awaited<ReturnType<typeof loadReplyEventParser>> | undefined;

  while (!signal.aborted) {
    try {
      toReplyEvent ??= await loadReplyEventParser();
      const headers = apiHeaders({ accept: 'text/event-stream' });
      if (!wantSnapshot) headers.set('last-event-id', String(heldLength()));
      wantSnapshot = false;
      const response = await fetch(url, { headers, credentials: 'include', cache: 'no-store', signal });
      if (!response.ok || !response.body) {
        if (response.status >= 400 && response.status < 500 && response.status !== 429) return 'gone';
        throw new Error(`stream answered ${response.status}`);
      }
      const parser = new SseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      reading: for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const raw of parser.push(value)) {
          const event = toReplyEvent(raw);
          if (!event) continue;
          failures = 0;
          const outcome = onEvent(event);
          if (isFinalReplyEvent(event)) {
            void reader.cancel().catch(() => {});
            return 'finished';
          }
          if (outcome === 'resync') {
            wantSnapshot = true;
            void reader.cancel().catch(() => {});
            break reading;
          }
        }
      }
      if (parser.retryMs !== null) retryMs = parser.retryMs;
    } catch {
      if (signal.aborted) return 'aborted';
    }
    // The stream ended without its final event, or the request failed: try again shortly.
    failures += 1;
    if (failures >= MAX_CONSECUTIVE_FAILURES) return 'gave-up';
    if (!wantSnapshot) await wait(retryMs, signal);
  }
  return 'aborted';
}
